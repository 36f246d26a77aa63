import 'server-only';
import { expectUpdated, RESEAL_PAGE, resealRows, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { sealContext } from './outbox.server';
import { isSealedPayload, payloadContext } from './sealed-payload.server';

/**
 * Key rotation of the outbox: the payloads sealed whole (./sealed-payload.server.ts, a lead's
 * notifications, sent or not: the delivery log and 'Resend' read them) and the sealed secrets of
 * those not yet sent (./outbox.server.ts), sealed again under a new SECRET_KEY, both in one update
 * per notification.
 */
export async function resealNotifications(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('notifications')
        .select(['id', 'payload', 'sealed_secret'])
        .where((eb) => eb.or([eb('payload', 'not like', '{%'), eb('sealed_secret', 'is not', null)]))
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const payload = isSealedPayload(row.payload)
        ? resealValue(row.payload, payloadContext(row.id), oldKey, newKey, `notifications row ${row.id} (payload)`)
        : null;
      const secret =
        row.sealed_secret === null
          ? null
          : resealValue(row.sealed_secret, sealContext(row.id), oldKey, newKey, `notifications row ${row.id} (sealed_secret)`);
      if (payload !== null || secret !== null)
        expectUpdated(
          await db
            .updateTable('notifications')
            .set({ payload: payload ?? row.payload, sealed_secret: secret ?? row.sealed_secret })
            .where('id', '=', row.id)
            .where('payload', '=', row.payload)
            .where((eb) =>
              row.sealed_secret === null ? eb('sealed_secret', 'is', null) : eb('sealed_secret', '=', row.sealed_secret),
            )
            .executeTakeFirst(),
          `notifications row ${row.id}`,
        );
      return payload !== null || secret !== null;
    },
  );
}
