import { axisLabel, niceStep } from '@/lib/calculators/chart-scale';

/**
 * A stacked column chart as inline SVG: drawn on the server with the page (no chart library, no
 * script) and again by React as the figures change. Geometry only uses floating point; the figures
 * themselves, in the table beside the chart, are exact.
 */

export interface ChartSeries {
  name: string;
  /** A Tailwind fill class ('fill-brand-700'); its legend swatch uses the same class. */
  fill: string;
  /** One value per category, in dollars (drawing only). */
  values: number[];
}

const WIDTH = 640;
const HEIGHT = 260;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };

export function BarChart({
  title,
  description,
  categories,
  series,
  labelEvery = 1,
}: {
  title: string;
  /** What the chart shows, for screen readers (the table holds the figures). */
  description: string;
  /** The x axis ('1', '2', ... months or years). */
  categories: string[];
  series: ChartSeries[];
  /** Label every nth category (30 years would crowd the axis). */
  labelEvery?: number;
}) {
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0));
  const top = Math.max(...totals, 0);
  const step = top > 0 ? niceStep(top) : 1;
  const axisMax = top > 0 ? Math.ceil(top / step) * step : 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(categories.length, 1);
  const barW = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotH - (value / axisMax) * plotH;
  const ticks = Array.from({ length: Math.round(axisMax / step) + 1 }, (_, i) => i * step);

  return (
    <figure className="calc-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}. ${description}`}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {axisLabel(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, i) => {
          let base = 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={category}>
              {series.map((s) => {
                const value = Math.max(0, s.values[i] ?? 0);
                const rect = (
                  <rect
                    key={s.name}
                    x={x}
                    y={y(base + value)}
                    width={barW}
                    height={y(base) - y(base + value)}
                    className={s.fill}
                  />
                );
                base += value;
                return rect;
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={HEIGHT - 10} textAnchor="middle">
                  {category}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <ul>
          {series.map((s) => (
            <li key={s.name}>
              <svg aria-hidden="true">
                <rect width="12" height="12" className={s.fill} />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
