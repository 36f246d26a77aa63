import type { EstimateLine } from '../calculators/run';

/**
 * How a calculator lead ('Email me this estimate', issue 19) keeps its estimate in the lead's
 * fields, free of the calculators themselves so the broker's e-mail, the admin and the CSV read it
 * without them: besides the visitor's e-mail, name and the calculator's id, the calculator's title,
 * the path of the calculator page with the inputs in its query (the same estimate again), the
 * inputs and the results as the visitor saw them, one 'Label: value' line each, and the terms the
 * figures assume. The server writes them from the inputs it recomputed (./calculator-estimate.ts),
 * never from posted results.
 */

export const CALCULATOR_LEAD_FIELDS = {
  title: 'calculatorTitle',
  link: 'link',
  inputs: 'inputs',
  results: 'results',
  /** The terms the figures assume (Regulation Z: shown beside a payment or rate); absent when none. */
  terms: 'terms',
} as const;

/** Lines as one field's text: 'Label: value' per line (a label never holds ': '). */
export const linesText = (lines: readonly EstimateLine[]): string =>
  lines.map(({ label, value }) => `${label}: ${value.replace(/\s*\n\s*/g, ' ')}`).join('\n');

/** A field's lines back as labels and values. */
export function textLines(text: string | undefined): EstimateLine[] {
  if (!text) return [];
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      return at < 0 ? { label: line, value: '' } : { label: line.slice(0, at), value: line.slice(at + 2) };
    });
}
