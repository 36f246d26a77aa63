import Link from 'next/link';
import { METRIC_NAMES, type DeviceClass } from '@/lib/vitals/metrics';
import type { SiteSpeed } from '@/lib/vitals/types';
import { MetricChart } from './metric-chart';
import { PercentileTable } from './percentile-table';
import { Thresholds } from './thresholds';

const DEVICES: { device: DeviceClass | null; label: string }[] = [
  { device: null, label: 'All devices' },
  { device: 'mobile', label: 'Mobile' },
  { device: 'desktop', label: 'Desktop' },
];

/** Mobile and desktop apart, as Google judges them: a filter in the address, like the Leads page's. */
function DeviceFilter({ current }: { current: DeviceClass | null }) {
  return (
    <nav aria-label="Devices" className="mt-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {DEVICES.map(({ device, label }) => (
          <li key={label}>
            <Link
              href={device ? `/admin/vitals?device=${device}` : '/admin/vitals'}
              prefetch={false}
              aria-current={device === current ? 'page' : undefined}
              className="aria-[current=page]:bg-brand-700 block rounded-full border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:border-transparent aria-[current=page]:text-white"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The Site Speed section: real visitors' Web Vitals (field data), read on the server. */
export function SiteSpeedPanel({ speed }: { speed: SiteSpeed }) {
  return (
    <section aria-labelledby="site-speed-title">
      <h2 id="site-speed-title" className="text-brand-900 text-xl font-bold">
        Site Speed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        How fast the public pages are for real visitors: the 75th percentile of each Web Vital over the last 28 days ({speed.from}{' '}
        to {speed.to}, UTC), so three visits in four were at least this fast. Colours follow Google’s thresholds. {speed.views}{' '}
        page {speed.views === 1 ? 'view' : 'views'} measured.
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Collected without cookies and without addresses: only the page, each metric’s value, mobile or desktop, the connection
        type and the day.
      </p>
      <DeviceFilter current={speed.device} />
      {speed.views === 0 ? (
        <p className="mt-6 text-slate-700">No measurements yet: figures appear once visitors have viewed the public pages.</p>
      ) : (
        <>
          <PercentileTable speed={speed} />
          <Thresholds />
          <h3 className="text-brand-900 mt-8 text-lg font-semibold">Over time</h3>
          <div className="mt-3 grid gap-4 lg:grid-cols-2">
            {METRIC_NAMES.map((metric) => (
              <MetricChart key={metric} metric={metric} days={speed.daily[metric]} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
