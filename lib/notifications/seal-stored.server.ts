import 'server-only';
import type { DB } from '../db/connect.server';
import { SEALED_SUBJECTS, storedPayload } from './sealed-payload.server';
import type { SubjectType } from './types';

const PAGE = 500;

/**
 * Seals the payloads of notifications stored in the clear before their subject's were sealed
 * (./sealed-payload.server.ts), sent or not, so the worker sends the waiting ones and the log and
 * 'Resend' read the others as before. Run once at start-up (lib/setup/seal-at-rest.server.ts); each
 * update is made only if the row is still as read. Returns how many were sealed.
 */
export async function sealStoredPayloads(db: DB): Promise<number> {
  let sealed = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'subject_type', 'payload'])
      .where('subject_type', 'in', [...SEALED_SUBJECTS])
      .where('payload', 'like', '{%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const result = await db
        .updateTable('notifications')
        .set({ payload: storedPayload(row.id, row.subject_type as SubjectType, row.payload) })
        .where('id', '=', row.id)
        .where('payload', '=', row.payload)
        .executeTakeFirst();
      sealed += Number(result.numUpdatedRows);
    }
    if (rows.length < PAGE) return sealed;
    after = rows[rows.length - 1]!.id;
  }
}
