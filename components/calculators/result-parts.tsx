import type { ReactNode } from 'react';
import type { InputDef } from '@/lib/calculators/query';

/**
 * The pieces of a calculator's results, shared by every calculator page, rendered by each
 * calculator's live part (on the server with the page, then in the browser as the visitor types).
 * Styled by short classes in app/globals.css (.calc-*): class lists repeated here would be bytes
 * of every calculator's script.
 */

/** The figures at the top of the results, side by side. */
export function Figures({ children }: { children: ReactNode }) {
  return <dl className="calc-figures">{children}</dl>;
}

/**
 * One headline figure. A payment's APR and terms use this same component beside it (Reg Z
 * 1026.24: equal prominence), never a footnote.
 */
export function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="calc-value" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd>{detail}</dd>}
    </div>
  );
}

/**
 * The input errors, when the figures cannot be computed: what to fix, in the results' place. An
 * alert for the page the server answered; while the visitor types, the results region's polite
 * announcement is enough (an alert at every keystroke would interrupt them).
 */
export function InvalidInputs({
  errors,
  inputs,
  alert = true,
}: {
  errors: Record<string, string>;
  /** The calculator's inputs, for their labels ('Term (years): Enter a whole number from 1 to 40.'). */
  inputs: readonly InputDef[];
  alert?: boolean;
}) {
  return (
    <div role={alert ? 'alert' : undefined} data-testid="invalid-inputs" className="calc-invalid">
      <p>Please check your numbers:</p>
      <ul>
        {inputs
          .filter((input) => errors[input.name])
          .map((input) => (
            <li key={input.name}>{`${input.label}: ${errors[input.name]}`}</li>
          ))}
      </ul>
    </div>
  );
}

/**
 * A schedule: a captioned table in its own scroll box, numbers right-aligned (styles: .calc-table).
 * The box takes focus so a keyboard can scroll it; as a named region a screen reader says what it
 * is (a name on a plain div is not valid HTML, and most screen readers ignore it).
 */
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
  const cells = (row: string[]) =>
    row.map((cell, i) =>
      i === 0 ? (
        <th key={i} scope="row">
          {cell}
        </th>
      ) : (
        <td key={i}>{cell}</td>
      ),
    );
  return (
    <div className="calc-table" role="region" tabIndex={0} aria-label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>{cells(row)}</tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>{cells(footer)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
