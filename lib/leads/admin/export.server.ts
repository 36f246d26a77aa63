import 'server-only';
import { ATTRIBUTION_CSV_COLUMNS, attributionCsvCells } from '../../attribution/csv';
import type { DB } from '../../db/connect.server';
import type { LeadKind } from '../fields';
import { openLeadFields } from '../sealed-fields.server';
import { leadSummary } from '../summary';
import { botSignalSentences, parseBotSignals } from '../spam-words';
import { statusLabel } from '../statuses';
import { CSV_BOM, csvRow, type CsvValue } from '../../http/csv';
import type { FilterScope, LeadFilter } from './filter';
import { exportLeads, type ExportedLead } from './queries.server';

/**
 * The Leads tab's CSV: one row per lead, the fixed columns first, then every field as its e-mail
 * shows it. Each column is its header and how a lead fills it, in this one list: a new column is
 * one line here (and its table column in `exportLeads`' select).
 */
type Column = readonly [header: string, cell: (lead: ExportedLead) => CsvValue];

/** The attribution's columns (first touch, then last), each reading its cell from the lead's parsed attribution. */
const attributionColumns: Column[] = ATTRIBUTION_CSV_COLUMNS.map((header, i) => [header, (r) => attributionCells(r)[i]]);

/** A lead's attribution cells, parsed once per lead whichever column asks first. */
const parsed = new WeakMap<ExportedLead, string[]>();
function attributionCells(r: ExportedLead): string[] {
  let cells = parsed.get(r);
  if (!cells) parsed.set(r, (cells = attributionCsvCells(r.attribution)));
  return cells;
}

const COLUMNS: readonly Column[] = [
  ['Submitted (UTC)', (r) => r.created_at],
  ['Kind', (r) => r.kind],
  ['Type', (r) => r.type],
  ['Status', (r) => statusLabel(r.status)],
  ['Name', (r) => r.name],
  ['Email', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Page', (r) => r.page],
  ['Consent given at', (r) => r.consent_at],
  ['Consent page', (r) => r.consent_page],
  ['Notification', (r) => r.notification_status],
  ['Last error', (r) => r.last_error],
  ['Spam reason', (r) => r.spam_reason],
  ['Possible bot', (r) => (Number(r.possible_bot) === 1 ? 'yes' : '')],
  ['Bot signals', (r) => botSignalSentences(parseBotSignals(r.bot_signals)).join(' ')],
  ...attributionColumns,
  ['Notes', (r) => r.notes],
  ['Details', details],
  ['Id', (r) => r.id],
];

export const CSV_COLUMNS = COLUMNS.map(([header]) => header);

function details(r: ExportedLead): string {
  const summary = leadSummary(r.kind as LeadKind, openLeadFields(r.id, r.fields));
  return summary.sections
    .flatMap((s) => [...(s.title ? [s.title] : []), ...s.rows.map((row) => `${row.label}: ${row.value}`)])
    .join('\n');
}

/** Leads turned into CSV text per pull: a chunk of this many rows is all the stream holds at once. */
const ROWS_PER_CHUNK = 200;

/**
 * The CSV as a stream that reads the database only as fast as the client downloads: each pull
 * encodes the next ROWS_PER_CHUNK leads of `exportLeads`' keyset-paged batches, so memory stays
 * bounded by one batch whatever the number of leads (tests/integration/leads-export-stream.test.ts).
 */
export function leadsCsvStream(
  db: DB,
  filter: Omit<LeadFilter, 'page'> & FilterScope,
  batch?: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = exportLeads(db, filter, batch);
  let started = false;
  return new ReadableStream(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS)));
          return;
        }
        let chunk = '';
        for (let i = 0; i < ROWS_PER_CHUNK; i++) {
          const next = await rows.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          const lead = next.value;
          chunk += csvRow(COLUMNS.map(([, cell]) => cell(lead)));
        }
        controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await rows.return(undefined);
      },
    },
    // One chunk read ahead: the next database batch waits for the client to take this one.
    { highWaterMark: 1 },
  );
}
