import { axisLabel, niceStep } from '../chart-scale';
import type { InputDef } from '../query';
import { h, type Child, type MarkupNode } from './node';

/**
 * The pieces of a calculator's results, shared by every calculator (../views/): written by the
 * server into the page and built again in the browser at every keystroke (./node.ts). Styled by
 * short classes in app/globals.css (.calc-*), so the live script carries no class lists.
 */

/** The figures at the top of the results, side by side. */
export const figures = (...children: Child[]) => h('dl', { class: 'calc-figures' }, ...children);

/**
 * One headline figure. A payment's APR and terms use this same piece beside it (Reg Z 1026.24:
 * equal prominence), never a footnote.
 */
export function figure(label: string, value: string, options: { detail?: Child; testId?: string } = {}): MarkupNode {
  return h(
    'div',
    null,
    h('dt', null, label),
    h('dd', { class: 'calc-value', 'data-testid': options.testId }, value),
    options.detail ? h('dd', null, options.detail) : null,
  );
}

/**
 * The input errors, when the figures cannot be computed: what to fix, in the results' place. An
 * alert for the page the server answered; while the visitor types, the results region's polite
 * announcement is enough (an alert at every keystroke would interrupt them).
 */
export function invalidInputs(errors: Record<string, string>, inputs: readonly InputDef[], alert: boolean): MarkupNode {
  return h(
    'div',
    { role: alert ? 'alert' : null, 'data-testid': 'invalid-inputs', class: 'calc-invalid' },
    h('p', null, 'Please check your numbers:'),
    h(
      'ul',
      null,
      inputs.filter((input) => errors[input.name]).map((input) => h('li', null, `${input.label}: ${errors[input.name]}`)),
    ),
  );
}

/**
 * A schedule: a captioned table in its own scroll box, numbers right-aligned (.calc-table). The box
 * takes focus so a keyboard can scroll it; as a named region a screen reader says what it is.
 */
export function scheduleTable(caption: string, columns: string[], rows: string[][], footer?: string[]): MarkupNode {
  const cells = (row: string[]) => row.map((cell, i) => (i === 0 ? h('th', { scope: 'row' }, cell) : h('td', null, cell)));
  return h(
    'div',
    { class: 'calc-table', role: 'region', tabindex: 0, 'aria-label': caption },
    h(
      'table',
      null,
      h('caption', { class: 'sr-only' }, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          columns.map((column) => h('th', { scope: 'col' }, column)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((row) => h('tr', null, cells(row))),
      ),
      footer ? h('tfoot', null, h('tr', null, cells(footer))) : null,
    ),
  );
}

/**
 * A payment never stands alone (Reg Z 1026.24(d)): the payment, the APR and the terms assumed are
 * three figures of the same size, side by side. `terms` is the full sentence, `termsSummary` its
 * headline ('30 years, fixed').
 */
export function paymentDisclosure(
  payment: { label: string; value: string },
  apr: string,
  termsSummary: string,
  terms: string,
): MarkupNode {
  return h(
    'dl',
    { class: 'calc-figures calc-figures-3', 'data-testid': 'payment-disclosure' },
    figure(payment.label, payment.value, { testId: 'payment' }),
    figure('Annual percentage rate (APR)', apr, { testId: 'apr' }),
    figure('Terms assumed', termsSummary, { detail: terms, testId: 'terms' }),
  );
}

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

/**
 * A stacked column chart as inline SVG (no chart library). Geometry only uses floating point; the
 * figures themselves, in the table beside the chart, are exact. `description` says what it shows
 * for screen readers; `labelEvery` labels every nth category (30 years would crowd the axis).
 */
export function barChart(chart: {
  title: string;
  description: string;
  categories: string[];
  series: ChartSeries[];
  labelEvery?: number;
}): MarkupNode {
  const { title, description, categories, series, labelEvery = 1 } = chart;
  const totals = categories.map((_, i) => series.reduce((total, s) => total + Math.max(0, s.values[i] ?? 0), 0));
  const top = Math.max(...totals, 0);
  const step = top > 0 ? niceStep(top) : 1;
  const axisMax = top > 0 ? Math.ceil(top / step) * step : 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(categories.length, 1);
  const barW = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotH - (value / axisMax) * plotH;
  const ticks = Array.from({ length: Math.round(axisMax / step) + 1 }, (_, i) => i * step);

  const bars = categories.map((category, i) => {
    let base = 0;
    const x = PAD.left + i * slot + (slot - barW) / 2;
    const rects = series.map((s) => {
      const value = Math.max(0, s.values[i] ?? 0);
      const rect = h('rect', { x, y: y(base + value), width: barW, height: y(base) - y(base + value), class: s.fill });
      base += value;
      return rect;
    });
    const label = i % labelEvery === 0 ? h('text', { x: x + barW / 2, y: HEIGHT - 10, 'text-anchor': 'middle' }, category) : null;
    return h('g', null, rects, label);
  });

  return h(
    'figure',
    { class: 'calc-chart' },
    h('figcaption', null, title),
    h(
      'svg',
      { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': `${title}. ${description}` },
      ticks.map((tick) =>
        h(
          'g',
          null,
          h('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(tick), y2: y(tick) }),
          h('text', { x: PAD.left - 6, y: y(tick) + 4, 'text-anchor': 'end' }, axisLabel(tick)),
        ),
      ),
      bars,
    ),
    series.length > 1
      ? h(
          'ul',
          null,
          series.map((s) =>
            h('li', null, h('svg', { 'aria-hidden': 'true' }, h('rect', { width: 12, height: 12, class: s.fill })), s.name),
          ),
        )
      : null,
  );
}
