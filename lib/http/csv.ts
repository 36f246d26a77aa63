/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, quote or line break,
 * quotes doubled, CRLF between records. A cell a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return) is prefixed with an apostrophe (OWASP's advice on CSV
 * injection), so a lead named '=HYPERLINK(...)' stays text.
 */

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
