import 'server-only';
import type { DB } from '../db/connect.server';
import { needsSealing, openLeadFields, sealLeadFields, SEALED_KEY } from './sealed-fields.server';

const PAGE = 500;

/**
 * Seals the fields of leads stored before sealing (./sealed-fields.server.ts): run once at start-up
 * (lib/setup/seal-at-rest.server.ts), page by page, each update made only if the row is still as
 * read, so a lead changed meanwhile is left for the next run rather than overwritten. Returns how
 * many were sealed.
 */
export async function sealStoredLeadFields(db: DB): Promise<number> {
  let sealed = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'fields'])
      .where('id', '>', after)
      .where('fields', 'not like', `%"${SEALED_KEY}"%`)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows.filter((r) => needsSealing(r.fields))) {
      const result = await db
        .updateTable('leads')
        .set({ fields: sealLeadFields(row.id, openLeadFields(row.id, row.fields)) })
        .where('id', '=', row.id)
        .where('fields', '=', row.fields)
        .executeTakeFirst();
      sealed += Number(result.numUpdatedRows);
    }
    if (rows.length < PAGE) return sealed;
    after = rows[rows.length - 1]!.id;
  }
}
