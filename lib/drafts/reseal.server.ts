import 'server-only';
import { expectUpdated, RESEAL_PAGE, resealRows, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { valuesContext } from './drafts.server';

/**
 * Key rotation of saved applications' answers (./drafts.server.ts): sealed again under a new
 * SECRET_KEY. A row still in plain JSON (saved before sealing) is not sealed with any key and is
 * left for the start-up's sealing pass.
 */
export async function resealDraftValues(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('application_drafts')
        .select(['id', 'field_values'])
        .where('field_values', 'not like', '{%')
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `application_drafts row ${row.id} (field_values)`;
      const resealed = resealValue(row.field_values, valuesContext(row.id), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('application_drafts')
            .set({ field_values: resealed })
            .where('id', '=', row.id)
            .where('field_values', '=', row.field_values)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}
