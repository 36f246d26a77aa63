import { formatMetric, METRIC_NAMES, METRICS, RATING_LABELS } from '@/lib/vitals/metrics';
import { RATING_CLASS } from './rating-style';

/** Google's thresholds, so the colours can be read without knowing them. */
export function Thresholds() {
  return (
    <details className="mt-4 text-sm">
      <summary className="text-brand-700 cursor-pointer font-medium">Google’s thresholds</summary>
      <table className="mt-2 text-left">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-4">
              Metric
            </th>
            {(['good', 'needs-improvement', 'poor'] as const).map((judged) => (
              <th key={judged} scope="col" className="px-2 py-1">
                <span className={`rounded px-2 py-0.5 ${RATING_CLASS[judged]}`}>{RATING_LABELS[judged]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {METRIC_NAMES.map((metric) => {
            const { title, good, poor } = METRICS[metric];
            return (
              <tr key={metric}>
                <th scope="row" className="py-1 pr-4 font-medium">
                  {metric} ({title})
                </th>
                <td className="px-2 py-1">up to {formatMetric(metric, good)}</td>
                <td className="px-2 py-1">up to {formatMetric(metric, poor)}</td>
                <td className="px-2 py-1">over {formatMetric(metric, poor)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
