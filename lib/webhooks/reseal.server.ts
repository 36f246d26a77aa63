import 'server-only';
import { expectUpdated, RESEAL_PAGE, resealRows, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { secretContext } from './endpoints.server';

/**
 * Key rotation of the webhook endpoints' signing secrets (./endpoints.server.ts): sealed again under
 * a new SECRET_KEY, so the receivers keep verifying with the secret they were shown once.
 */
export async function resealWebhookSecrets(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('webhook_endpoints')
        .select(['id', 'secret'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `webhook_endpoints row ${row.id} (secret)`;
      const resealed = resealValue(row.secret, secretContext(row.id), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('webhook_endpoints')
            .set({ secret: resealed })
            .where('id', '=', row.id)
            .where('secret', '=', row.secret)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}
