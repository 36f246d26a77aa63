import { median, TARGET_MS, verdict, type Figures, type Row } from './first-tap-run';
import { TYPING } from './first-tap-sample';

const ms = (value: number) => String(Math.round(value));

function cells(figures: Figures | null): [string, string] {
  if (!figures) return ['', ''];
  const values = figures.samples.map((sample) => sample.ms);
  const failed = figures.errors.length > 0 ? ` (${figures.errors.length} failed)` : '';
  if (values.length === 0) return ['-', `all failed${failed}`];
  return [ms(median(values)), `${ms(Math.min(...values))}-${ms(Math.max(...values))}${failed}`];
}

/** Page and control left-aligned, then the figures right-aligned, the status left-aligned. */
function formatRows(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const left = (column: number) => column < 2 || column === widths.length - 1;
  return rows
    .map((row) =>
      row
        .map((cell, column) => (left(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The report: one line per page, control and delay; the verdict is about the served page. */
export function formatTable(rows: Row[], runs: number): string {
  const table = [
    ['Page', 'Control', 'After load', 'Served ms', 'min-max', 'Booted at load ms', 'min-max', 'Acknowledged ms', 'Status'],
    ...rows.map((row) => {
      const status = verdict(row);
      return [
        row.page,
        row.control + (row.afterScroll ? ' (after scroll)' : ''),
        `${row.delayMs / 1000} s`,
        ...cells(row.served),
        ...(row.servedBootsAtLoad ? ['(as served)', ''] : cells(row.booted)),
        (row.kind === 'result' || row.kind === 'figures') && row.served.samples.length > 0
          ? ms(median(row.served.samples.map((sample) => sample.ackMs ?? sample.ms)))
          : '',
        status === 'OVER' ? `OVER ${TARGET_MS} ms` : status,
      ];
    }),
  ];
  const errors = rows.flatMap((row) =>
    [...row.served.errors.map((error) => ['served', error]), ...(row.booted?.errors ?? []).map((error) => ['booted', error])].map(
      ([mode, error]) => `  ${row.page} ${row.control} ${row.delayMs / 1000} s ${mode}: ${error}`,
    ),
  );
  return [
    formatRows(table),
    '',
    `Median of ${runs} first visits per cell, in ms from the tap to the first frame showing the response. Typing: a tap`,
    `on the field, keys every ${TYPING.everyMs} ms for ${TYPING.burstsMs[0]! / 1000} s, a ${TYPING.pauseMs / 1000} s pause, keys for ${TYPING.burstsMs[1]! / 1000} s more;`,
    'a visit counts its slowest key (from the key to the frame showing its character).',
    "A calculator's row ('-> result'): from the first digit typed to the first frame with new figures; 'Acknowledged':",
    "to the first frame marking the results 'Updating…' (or new), which the target applies to (served median).",
    "A calculator's row ('-> figures', issue 32): a '0' typed at the end of the field, to the first frame whose results",
    "are the server's for the query with that digit (checked text for text), which the target applies to.",
    `Target: served median <= ${TARGET_MS} ms. "(after scroll)": the control is below the first viewport; the scroll`,
    'to it (which starts the boot) comes just before the tap, so the tap is not the first interaction.',
    ...(errors.length > 0 ? ['', 'Failed samples:', ...errors] : []),
  ].join('\n');
}
