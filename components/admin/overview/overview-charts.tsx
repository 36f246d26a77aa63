import { LEAD_KINDS } from '@/lib/leads/admin/filter';
import { KIND_LABELS } from '@/lib/leads/statuses';
import type { OverviewCharts } from '@/lib/overview/figures';
import { formatRate, shortDay } from '@/lib/overview/format';
import { ChartFigure, FiguresTable } from './chart-figure';
import { HorizontalBarChart, LeadsPerDayChart } from './charts/lazy-charts';

/** The overview's three charts over the chosen range, each with its summary and table. */

/** The most bars a chart shows; the table lists every row. */
const MOST_BARS = 8;

const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const leadsWord = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

function PerDay({ charts }: { charts: OverviewCharts }) {
  const { perDay } = charts;
  const span = `from ${shortDay(perDay[0]!.day)} to ${shortDay(perDay.at(-1)!.day)}`;
  const sum = perDay.reduce((all, day) => all + total(day.counts), 0);
  const busiest = perDay.reduce((best, day) => (total(day.counts) > total(best.counts) ? day : best), perDay[0]!);
  const byKind = LEAD_KINDS.map((kind) => [kind, perDay.reduce((all, day) => all + day.counts[kind], 0)] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${KIND_LABELS[kind].label.toLowerCase()}`);
  const summary =
    sum === 0
      ? `No leads ${span}.`
      : `${leadsWord(sum)} ${span}: ${byKind.join(', ')}. Busiest day ${shortDay(busiest.day)} with ${leadsWord(total(busiest.counts))}.`;
  const rows = perDay
    .filter((day) => total(day.counts) > 0)
    .reverse()
    .map((day) => [day.day, ...LEAD_KINDS.map((kind) => day.counts[kind]), total(day.counts)]);
  return (
    <ChartFigure
      id="per-day"
      title="Leads per day by kind"
      summary={summary}
      chart={<LeadsPerDayChart days={perDay} />}
      table={
        rows.length ? (
          <FiguresTable head={['Day (UTC)', ...LEAD_KINDS.map((kind) => KIND_LABELS[kind].label), 'Total']} rows={rows} />
        ) : (
          <p>No leads in this period.</p>
        )
      }
    />
  );
}

function BySource({ charts }: { charts: OverviewCharts }) {
  const { bySource, range } = charts;
  const top = bySource.slice(0, 3).map(({ source, leads }) => `${source} (${leadsWord(leads)})`);
  const summary = bySource.length
    ? `Where the leads of the last ${range} days first came from; most from ${top.join(', ')}.`
    : `No leads in the last ${range} days.`;
  return (
    <ChartFigure
      id="by-source"
      title="Leads by source"
      summary={summary}
      chart={
        bySource.length ? (
          <HorizontalBarChart
            name="Leads"
            data={bySource.slice(0, MOST_BARS).map(({ source, leads }) => ({ label: source, value: leads }))}
          />
        ) : null
      }
      table={<FiguresTable head={['First source', 'Leads']} rows={bySource.map(({ source, leads }) => [source, leads])} />}
    />
  );
}

function ByLanding({ charts }: { charts: OverviewCharts }) {
  const { byLanding, range } = charts;
  const viewed = byLanding.filter((page) => page.views > 0);
  const best = viewed.reduce<(typeof viewed)[number] | null>((top, page) => (!top || page.rate! > top.rate! ? page : top), null);
  const summary = best
    ? `Leads per page view, by the page a visitor first landed on, over the last ${range} days. Best: ${best.path}, ${formatRate(best.rate)} (${leadsWord(best.leads)} from ${best.views} ${best.views === 1 ? 'view' : 'views'}).`
    : `No page views counted in the last ${range} days yet: they come from visitors' browsers as they leave each public page.`;
  return (
    <ChartFigure
      id="by-landing"
      title="Conversion by landing page"
      summary={summary}
      chart={
        viewed.length ? (
          <HorizontalBarChart
            name="Leads per view"
            unit="%"
            data={viewed.slice(0, MOST_BARS).map(({ path, rate }) => ({ label: path, value: Number((rate! * 100).toFixed(2)) }))}
          />
        ) : null
      }
      table={
        <FiguresTable
          head={['Landing page', 'Page views', 'Leads', 'Leads per view']}
          rows={byLanding.map(({ path, views, leads, rate }) => [path, views, leads, formatRate(rate)])}
        />
      }
    />
  );
}

export function OverviewChartList({ charts }: { charts: OverviewCharts }) {
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <PerDay charts={charts} />
      </div>
      <BySource charts={charts} />
      <ByLanding charts={charts} />
    </div>
  );
}
