import { formatMetric, rating, RATING_LABELS, type MetricName } from '@/lib/vitals/metrics';
import type { DayPercentile } from '@/lib/vitals/types';

/** A chart's figures in words: each day with reports, newest first. */
export function DailyTable({ metric, days }: { metric: MetricName; days: DayPercentile[] }) {
  const measured = days.filter((day): day is DayPercentile & { p75: number } => day.p75 !== null).reverse();
  return (
    <details className="mt-2 text-sm">
      <summary className="text-brand-700 cursor-pointer font-medium">Daily figures of {metric}</summary>
      <table className="mt-2 text-left">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-4">
              Day (UTC)
            </th>
            <th scope="col" className="py-1 pr-4">
              75th percentile
            </th>
            <th scope="col" className="py-1">
              Views
            </th>
          </tr>
        </thead>
        <tbody>
          {measured.map(({ day, p75, views }) => (
            <tr key={day}>
              <th scope="row" className="py-1 pr-4 font-normal">
                {day}
              </th>
              <td className="py-1 pr-4">
                {formatMetric(metric, p75)} ({RATING_LABELS[rating(metric, p75)]})
              </td>
              <td className="py-1">{views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
