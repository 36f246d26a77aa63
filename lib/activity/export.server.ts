import 'server-only';
import type { DB } from '../db/connect.server';
import { CSV_BOM, csvRow } from '../http/csv';
import { actionLabel, detailText } from './format';
import { exportActivity, type ActivityRange } from './queries.server';

/**
 * The activity log as CSV (UTF-8 with a BOM, formulas defused as the leads export does: an actor
 * is whatever e-mail was typed at a failed sign-in), streamed in keyset batches so two years of
 * entries never sit in memory at once.
 */

export const ACTIVITY_CSV_COLUMNS = ['Time (UTC)', 'Who', 'Action', 'Target', 'Details', 'Client address'];

export function activityCsvStream(db: DB, filter: ActivityRange): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const entries = exportActivity(db, filter);
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      let chunk = started ? '' : CSV_BOM + csvRow(ACTIVITY_CSV_COLUMNS);
      started = true;
      for (let i = 0; i < 200; i++) {
        const next = await entries.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        const e = next.value;
        chunk += csvRow([e.at, e.actor, actionLabel(e.action), e.target, detailText(e.detail), e.ip]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
}
