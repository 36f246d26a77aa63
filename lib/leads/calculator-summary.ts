import { CALCULATOR_LEAD_FIELDS as F, textLines } from './calculator-lead';
import type { LeadSummary, SummaryRow } from './types';

/**
 * A calculator lead's summary (the broker's e-mail, the lead dialog, the CSV's details): who asked,
 * which calculator, the inputs and the results the server computed, and the link that shows the
 * same estimate on the site.
 */
export function calculatorSummary(f: Record<string, string>, stateRows: SummaryRow[] = []): LeadSummary {
  const v = (name: string) => f[name] ?? '';
  return {
    heading: 'New Calculator Estimate Request',
    sections: [
      {
        title: null,
        rows: [
          { label: 'Name', value: v('name') },
          { label: 'Email', value: v('email') },
          ...stateRows,
          { label: 'Calculator', value: v(F.title) || v('calculator') },
          { label: 'Estimate link', value: v(F.link) },
        ],
      },
      { title: 'INPUTS', rows: textLines(f[F.inputs]) },
      { title: 'RESULTS', rows: textLines(f[F.results]) },
      ...(f[F.terms] ? [{ title: 'TERMS ASSUMED', rows: [{ label: 'Terms', value: v(F.terms), block: true }] }] : []),
    ],
  };
}
