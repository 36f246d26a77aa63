import 'server-only';
import { expectUpdated, RESEAL_PAGE, ResealError, resealRows, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { fieldsContext, SEALED_KEY } from './sealed-fields.server';

/**
 * Key rotation of leads' sealed fields (./sealed-fields.server.ts): the `~sealed` entry of
 * `leads.fields` sealed again under a new SECRET_KEY, the plain fields beside it untouched.
 * Leads stored before sealing (no `~sealed`) are sealed with no key and are left alone.
 * It opens the entry itself rather than through openLeadFields, which would log an error for
 * every value tried with the other key.
 */

export async function resealLeadFields(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('leads')
        .select(['id', 'fields'])
        .where('fields', 'like', `%"${SEALED_KEY}"%`)
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `leads row ${row.id} (fields' ${SEALED_KEY} entry)`;
      const fields = storedFields(row.fields, where);
      if (fields === null) return false; // not sealed after all: nothing to carry over
      const resealed = resealValue(fields[SEALED_KEY], fieldsContext(row.id), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('leads')
            .set({ fields: JSON.stringify({ ...fields, [SEALED_KEY]: resealed }) })
            .where('id', '=', row.id)
            .where('fields', '=', row.fields)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}

/** The stored object, or null when the match was a plain field's text that merely contains the name. */
function storedFields(json: string, where: string): ({ [SEALED_KEY]: string } & Record<string, string>) | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ResealError(`${where}: the fields are not JSON.`);
  }
  if (!value || typeof value !== 'object' || !(SEALED_KEY in value)) return null;
  const sealed = (value as Record<string, unknown>)[SEALED_KEY];
  if (typeof sealed !== 'string') throw new ResealError(`${where} is not a sealed value.`);
  return value as { [SEALED_KEY]: string } & Record<string, string>;
}
