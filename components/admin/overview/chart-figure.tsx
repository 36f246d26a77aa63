import type { ReactNode } from 'react';

/**
 * A chart with its text equivalents: a one-sentence summary under the title (read by everyone,
 * and the figure's description) and the figures as a table to open. The picture itself is hidden
 * from screen readers, which get the same figures from the table.
 */
export function ChartFigure(props: { id: string; title: string; summary: string; chart: ReactNode; table: ReactNode }) {
  const { id, title, summary, chart, table } = props;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
    >
      <figcaption>
        <h4 id={`${id}-title`} className="text-brand-900 text-base font-semibold">
          {title}
        </h4>
        <p id={`${id}-summary`} className="mt-1 text-sm text-slate-700">
          {summary}
        </p>
      </figcaption>
      <div aria-hidden="true" className="mt-3">
        {chart}
      </div>
      <details className="mt-2 text-sm">
        <summary className="text-brand-700 cursor-pointer font-medium">Figures of “{title}” as a table</summary>
        {/* A wide table scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={`Figures of “${title}”`}>
          {table}
        </div>
      </details>
    </figure>
  );
}

/** A plain table of rows: the first column names the row. */
export function FiguresTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="text-left tabular-nums">
      <thead className="text-slate-700">
        <tr>
          {head.map((label) => (
            <th key={label} scope="col" className="py-1 pr-4">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={String(first)} className="border-t border-slate-100">
            <th scope="row" className="py-1 pr-4 font-normal break-all">
              {first}
            </th>
            {rest.map((cell, index) => (
              <td key={index} className="py-1 pr-4">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
