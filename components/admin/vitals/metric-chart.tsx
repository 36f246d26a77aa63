import { formatMetric, METRICS, rating, RATING_LABELS, type MetricName } from '@/lib/vitals/metrics';
import type { DayPercentile } from '@/lib/vitals/types';
import { DailyTable } from './daily-table';
import { RATING_FILL } from './rating-style';

/**
 * One metric's daily 75th percentile over the window, drawn on the server as SVG over Google's
 * three bands. The picture has a text summary (shown, and its accessible description) and the
 * daily figures as a table beside it, so nothing is shown only as a picture.
 */

// About the size it is drawn at in the dashboard's two columns, so the labels stay readable.
const WIDTH = 480;
const HEIGHT = 180;
const LEFT = 58;
const RIGHT = 6;
const TOP = 8;
const BOTTOM = 24;
const FONT_SIZE = 12;

/** Runs of consecutive days with a figure: a day without reports breaks the line. */
function runs(days: DayPercentile[]): { index: number; p75: number }[][] {
  const all: { index: number; p75: number }[][] = [];
  let current: { index: number; p75: number }[] = [];
  days.forEach(({ p75 }, index) => {
    if (p75 === null) {
      if (current.length) all.push(current);
      current = [];
    } else current.push({ index, p75 });
  });
  if (current.length) all.push(current);
  return all;
}

function summary(metric: MetricName, days: DayPercentile[]): string {
  const measured = days.filter((day): day is DayPercentile & { p75: number } => day.p75 !== null);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  if (measured.length === 0) return `No ${metric} reports from ${first} to ${last}.`;
  const values = measured.map((day) => day.p75);
  const latest = measured.at(-1)!;
  const format = (value: number) => formatMetric(metric, value);
  return (
    `Daily 75th percentile of ${metric} from ${first} to ${last}, on ${measured.length} of ${days.length} days with reports: ` +
    `lowest ${format(Math.min(...values))}, highest ${format(Math.max(...values))}, ` +
    `latest ${format(latest.p75)} on ${latest.day} (${RATING_LABELS[rating(metric, latest.p75)]}).`
  );
}

export function MetricChart({ metric, days }: { metric: MetricName; days: DayPercentile[] }) {
  const { title, good, poor } = METRICS[metric];
  const values = days.flatMap((day) => (day.p75 === null ? [] : [day.p75]));
  const top = Math.max(poor * 1.25, ...values.map((value) => value * 1.1));
  const x = (index: number) => LEFT + ((WIDTH - LEFT - RIGHT) * index) / Math.max(1, days.length - 1);
  const y = (value: number) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - Math.min(value, top) / top);
  const band = (from: number, to: number, fill: string) => (
    <rect x={LEFT} width={WIDTH - LEFT - RIGHT} y={y(to)} height={y(from) - y(to)} fill={fill} />
  );
  const id = `chart-${metric}`;
  const ticks = [0, good, poor];
  const dayTicks = [0, Math.floor((days.length - 1) / 2), days.length - 1];

  return (
    <figure className="rounded-lg border border-slate-200 p-4">
      <figcaption className="text-brand-900 font-semibold">
        {metric}: {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="mt-2 h-auto w-full"
      >
        <title id={`${id}-title`}>{`${metric}, 75th percentile per day`}</title>
        {band(0, good, RATING_FILL.good)}
        {band(good, poor, RATING_FILL['needs-improvement'])}
        {band(poor, top, RATING_FILL.poor)}
        {ticks.map((tick) => (
          <text key={tick} x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT_SIZE} fill="#334155">
            {formatMetric(metric, tick)}
          </text>
        ))}
        {dayTicks.map((index, place) => (
          <text
            key={index}
            x={x(index)}
            y={HEIGHT - 6}
            textAnchor={place === 0 ? 'start' : place === dayTicks.length - 1 ? 'end' : 'middle'}
            fontSize={FONT_SIZE}
            fill="#334155"
          >
            {days[index]?.day.slice(5)}
          </text>
        ))}
        {runs(days).map((run) => (
          <polyline
            key={run[0]!.index}
            points={run.map(({ index, p75 }) => `${x(index)},${y(p75)}`).join(' ')}
            fill="none"
            stroke="#0f1f35"
            strokeWidth="2"
          />
        ))}
        {runs(days)
          .flat()
          .map(({ index, p75 }) => (
            <circle key={index} cx={x(index)} cy={y(p75)} r="3" fill="#0f1f35">
              <title>{`${days[index]!.day}: ${formatMetric(metric, p75)} (${days[index]!.views} views)`}</title>
            </circle>
          ))}
      </svg>
      <p id={`${id}-desc`} className="mt-2 text-sm text-slate-700">
        {summary(metric, days)}
      </p>
      {values.length > 0 && <DailyTable metric={metric} days={days} />}
    </figure>
  );
}
