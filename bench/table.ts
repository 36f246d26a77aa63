/**
 * A plain-text table for the benchmarks: the first column and the last (the verdict) are
 * left-aligned, the figures between them right-aligned.
 */
export function formatRows(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const last = widths.length - 1;
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 || column === last ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Progress goes to stderr, so stdout holds only the table or the JSON. */
export const logToStderr = (message: string) => process.stderr.write(`${message}\n`);
