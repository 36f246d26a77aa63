import 'server-only';
import type { DB } from '../../db/connect.server';
import { expectUpdated, RESEAL_PAGE, ResealError, resealRows, resealValue, type ResealCount } from '../reseal.server';
import { secretContext, setUpContext } from './totp-store.server';

/**
 * Key rotation of the authenticator-app secrets (./totp-store.server.ts): the accounts' secrets and
 * the pending ones of set-ups in progress, sealed again under a new SECRET_KEY. The accounts keep
 * their apps: the secret itself does not change, only the key it is sealed with.
 */

export async function resealTotpSecrets(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('admin_users')
        .select(['id', 'totp_secret'])
        .where('totp_secret', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `admin_users row ${row.id} (totp_secret)`;
      const resealed = resealValue(row.totp_secret!, secretContext(row.id), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('admin_users')
            .set({ totp_secret: resealed })
            .where('id', '=', row.id)
            .where('totp_secret', '=', row.totp_secret)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}

/** The pending secrets of set-ups in progress (auth_challenges, purpose 'totp-setup', data `{ secret }`). */
export async function resealTotpSetUps(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  return resealRows(
    (after) =>
      db
        .selectFrom('auth_challenges')
        .select(['id', 'user_id', 'data'])
        .where('purpose', '=', 'totp-setup')
        .where('id', '>', after)
        .orderBy('id')
        .limit(RESEAL_PAGE)
        .execute(),
    async (row) => {
      const where = `auth_challenges row ${row.id} (a two-factor set-up's secret)`;
      const data = setUpData(row.data, where);
      const resealed = resealValue(data.secret, setUpContext(row.user_id ?? ''), oldKey, newKey, where);
      if (resealed !== null)
        expectUpdated(
          await db
            .updateTable('auth_challenges')
            .set({ data: JSON.stringify({ ...data, secret: resealed }) })
            .where('id', '=', row.id)
            .where('data', '=', row.data)
            .executeTakeFirst(),
          where,
        );
      return resealed !== null;
    },
  );
}

function setUpData(json: string, where: string): { secret: string } {
  try {
    const data: unknown = JSON.parse(json);
    if (data && typeof data === 'object' && typeof (data as { secret?: unknown }).secret === 'string')
      return data as { secret: string };
  } catch {
    // Reported below with the row's name.
  }
  throw new ResealError(`${where} does not hold a set-up's sealed secret.`);
}
