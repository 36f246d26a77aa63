import Link from 'next/link';
import type { OverviewCharts, OverviewFigures, StageTimes } from '@/lib/overview/figures';
import { CHART_RANGES } from '@/lib/overview/window';
import { FigureCards } from './figure-cards';
import { OverviewChartList } from './overview-charts';
import { StageTimesTable } from './stage-times-table';

/** 30 or 90 days, in the address like the Leads page's filter. */
function RangeFilter({ current }: { current: number }) {
  return (
    <nav aria-label="Chart period" className="mt-2">
      <ul className="flex flex-wrap gap-2 text-sm">
        {CHART_RANGES.map((range) => (
          <li key={range}>
            <Link
              href={range === 30 ? '/admin' : `/admin?range=${range}`}
              prefetch={false}
              aria-current={range === current ? 'page' : undefined}
              className="aria-[current=page]:bg-brand-700 block rounded-full border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:border-transparent aria-[current=page]:text-white"
            >
              Last {range} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * /admin: how many leads arrive, how many wait, how fast they are answered, where they come from,
 * and how long loan files take at each stage.
 */
export function OverviewPanel(props: { figures: OverviewFigures; charts: OverviewCharts; stageTimes: StageTimes; now: string }) {
  const { figures, charts, stageTimes, now } = props;
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-brand-900 text-xl font-bold">
        Overview
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Leads as of {figures.today} (days are UTC); spam is never counted. First contact is a lead’s first status change after it
        arrived.
      </p>
      <FigureCards figures={figures} now={now} />
      <h3 className="text-brand-900 mt-8 text-lg font-semibold">Charts</h3>
      <RangeFilter current={charts.range} />
      <OverviewChartList charts={charts} />
      <StageTimesTable stageTimes={stageTimes} />
    </section>
  );
}
