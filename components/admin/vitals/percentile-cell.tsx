import { formatMetric, rating, RATING_LABELS, type MetricName } from '@/lib/vitals/metrics';
import type { Percentile } from '@/lib/vitals/types';
import { RATING_CLASS } from './rating-style';

/** One figure of the table: the 75th percentile, its rating in words as well as colour, and how many views it rests on. */
export function PercentileCell({ metric, figure }: { metric: MetricName; figure: Percentile | undefined }) {
  if (!figure) {
    return (
      <td className="px-3 py-2 text-slate-600">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No reports</span>
      </td>
    );
  }
  const judged = rating(metric, figure.p75);
  return (
    <td className="px-3 py-2 whitespace-nowrap">
      <span className={`inline-block rounded px-2 py-0.5 font-semibold tabular-nums ${RATING_CLASS[judged]}`}>
        {formatMetric(metric, figure.p75)}
      </span>
      <span className="mt-0.5 block text-xs text-slate-700">{RATING_LABELS[judged]}</span>
      <span className="block text-xs text-slate-700">
        {figure.views} {figure.views === 1 ? 'view' : 'views'}
      </span>
    </td>
  );
}
