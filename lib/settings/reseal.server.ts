import 'server-only';
import { expectUpdated, RESEAL_PAGE, resealRows, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { settingContext } from './store.server';

/**
 * Key rotation of the secrets saved in the admin's Settings (./store.server.ts: the SMTP password,
 * the EmailJS private key, the Twilio auth token): sealed again under the new SECRET_KEY, so mail
 * and texts keep going out after the rotation without the owner entering them again.
 */
export async function resealSiteSettings(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('site_settings')
        .select(['key as id', 'sealed'])
        .where('sealed', 'is not', null)
        .where('key', '>', after)
        .orderBy('key')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `site_settings row ${row.id} (sealed)`;
      const resealed = resealValue(row.sealed!, settingContext(row.id), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('site_settings')
            .set({ sealed: resealed })
            .where('key', '=', row.id)
            .where('sealed', '=', row.sealed)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}
