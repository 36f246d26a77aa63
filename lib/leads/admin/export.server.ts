import 'server-only';
import { ATTRIBUTION_CSV_COLUMNS, attributionCsvCells } from '../../attribution/csv';
import type { DB } from '../../db/connect.server';
import type { LeadKind } from '../fields';
import { leadSummary } from '../../notifications/messages';
import { statusLabel } from '../statuses';
import { CSV_BOM, csvRow } from './csv';
import type { LeadFilter } from './filter';
import { exportLeads } from './queries.server';

/** The Leads tab's CSV: one row per lead, the fixed columns first, then every field as its e-mail shows it. */

export const CSV_COLUMNS = [
  'Submitted (UTC)',
  'Kind',
  'Type',
  'Status',
  'Name',
  'Email',
  'Phone',
  'Page',
  'Consent given at',
  'Consent page',
  'Notification',
  'Last error',
  'Spam reason',
  ...ATTRIBUTION_CSV_COLUMNS,
  'Notes',
  'Details',
  'Id',
];

export function leadsCsvStream(db: DB, filter: Omit<LeadFilter, 'page'>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = exportLeads(db, filter);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(CSV_COLUMNS)));
      }
      let chunk = '';
      for (let i = 0; i < 200; i++) {
        const next = await rows.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        const r = next.value;
        const summary = leadSummary(r.kind as LeadKind, JSON.parse(r.fields) as Record<string, string>);
        const details = summary.sections
          .flatMap((s) => [...(s.title ? [s.title] : []), ...s.rows.map((row) => `${row.label}: ${row.value}`)])
          .join('\n');
        chunk += csvRow([
          r.created_at,
          r.kind,
          r.type,
          statusLabel(r.status),
          r.name,
          r.email,
          r.phone,
          r.page,
          r.consent_at,
          r.consent_page,
          r.notification_status,
          r.last_error,
          r.spam_reason,
          ...attributionCsvCells(r.attribution),
          r.notes,
          details,
          r.id,
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
