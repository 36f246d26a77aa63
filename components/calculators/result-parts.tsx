import type { ReactNode } from 'react';
import { RESULTS_ID } from './ids';

/**
 * The pieces of a calculator's results, shared by every calculator page. Plain components: they
 * render on the server and inside a calculator's client part alike.
 */

/** Reg Z 1026.24: a calculator's figures are an illustration, never an offer. */
export const ESTIMATE_NOTICE = 'This is an estimate, not an offer of credit.';

/** The results region: announced politely as it changes, so a screen reader hears the new total. */
export function Results({ children, label = 'Results' }: { children: ReactNode; label?: string }) {
  return (
    <section id={RESULTS_ID} aria-labelledby="calc-results-title" className="card" aria-live="polite" aria-atomic="false">
      <h2 id="calc-results-title" className="text-brand-900 text-lg font-semibold">
        {label}
      </h2>
      {children}
      <p className="mt-6 text-sm font-medium text-slate-800">{ESTIMATE_NOTICE}</p>
    </section>
  );
}

/** The figures at the top of the results, side by side. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className="mt-4 grid gap-4 sm:grid-cols-2">{children}</dl>;
}

/**
 * One headline figure. A payment's APR and terms use this same component beside it (Reg Z
 * 1026.24: equal prominence), never a footnote.
 */
export function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId?: string }) {
  return (
    <div className="bg-brand-50 rounded-lg p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-brand-900 mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="mt-1 text-sm text-slate-700">{detail}</dd>}
    </div>
  );
}

/**
 * The input errors, when the figures cannot be computed: what to fix, in the results' place. An
 * alert for the page the server answered; while the visitor types, the results region's polite
 * announcement is enough (an alert at every keystroke would interrupt them).
 */
export function InvalidInputs({ errors, alert = true }: { errors: Record<string, string>; alert?: boolean }) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      data-testid="invalid-inputs"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-semibold">Please check your numbers:</p>
      <ul className="mt-2 list-disc pl-5">
        {Object.values(errors).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** A schedule: a captioned table in its own scroll box, numbers right-aligned. */
export function ScheduleTable({
  caption,
  columns,
  rows,
  footer,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
  footer?: string[];
}) {
  return (
    <div className="mt-6 max-h-96 overflow-auto rounded-lg border border-slate-200" tabIndex={0} aria-label={caption}>
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-100 text-slate-800">
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={`px-3 py-2 font-semibold ${i === 0 ? 'text-left' : 'text-right'}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-t border-slate-200">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1.5 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-1.5 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot className="border-t-2 border-slate-300 font-semibold">
            <tr>
              {footer.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2 text-left">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-2 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
