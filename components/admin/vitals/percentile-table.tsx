import { METRIC_NAMES, METRICS } from '@/lib/vitals/metrics';
import type { SiteSpeed } from '@/lib/vitals/types';
import { PercentileCell } from './percentile-cell';

/** The figures: one row for the whole site, then one per page, most viewed first. */
export function PercentileTable({ speed }: { speed: SiteSpeed }) {
  const rows = [
    { label: 'All pages', metrics: speed.site },
    ...speed.pages.map(({ path, metrics }) => ({ label: path, metrics })),
  ];
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="percentiles-caption">
      <table className="w-full text-left text-sm">
        <caption id="percentiles-caption" className="text-brand-900 mb-2 text-left font-semibold">
          75th percentile per page, {speed.from} to {speed.to}
        </caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Page
            </th>
            {METRIC_NAMES.map((metric) => (
              <th key={metric} scope="col" className="px-3 py-2">
                <abbr title={METRICS[metric].title} className="no-underline">
                  {metric}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ label, metrics }, index) => (
            <tr key={label} className={`border-b border-slate-200 align-top ${index === 0 ? 'bg-slate-50' : ''}`}>
              <th scope="row" className="min-w-40 py-2 pr-3 font-medium [overflow-wrap:anywhere] text-slate-900">
                {label}
              </th>
              {METRIC_NAMES.map((metric) => (
                <PercentileCell key={metric} metric={metric} figure={metrics[metric]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
