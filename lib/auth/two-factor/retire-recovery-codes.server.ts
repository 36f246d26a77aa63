import 'server-only';
import type { DB } from '../../db/connect.server';
import { MetaKey } from '../../db/meta-keys';
import { keyedHash } from '../secret-box.server';

/**
 * Recovery codes when SECRET_KEY changes. They are stored as keyed hashes (./recovery-codes.server.ts)
 * and the codes themselves are nowhere, so no one can hash them again under a new key: once the
 * site runs with it, none of them matches. Checking them under the old key as well would keep the
 * retired key in use for as long as any code lasts, which defeats changing it (it may have
 * leaked), so they are retired: deleted, and the accounts that had unused ones are named to the
 * operator. Those accounts still sign in with their authenticator app or a passkey (both survive
 * the change) and make new codes in Account, which shows "0 recovery codes left".
 *
 * Nothing in a row tells which key hashed it, so the database keeps a fingerprint of the key they
 * were last retired for: a second run for the same key (the command run twice, or again after the
 * site started with the new key and accounts made new codes) retires nothing.
 */

export interface RetiredRecoveryCodes {
  /** The accounts that had unused codes, now deleted; they must make new ones. */
  accounts: { id: string; name: string; email: string | null }[];
  /** True when the codes were retired for this key before: nothing was deleted. */
  alreadyRetired: boolean;
}

/** Not the key: an HMAC under it, which tells one key from another and reveals nothing of it. */
const fingerprint = (key: Buffer) => keyedHash('recovery-codes', 'secret-key-fingerprint', key);

export async function retireRecoveryCodes(db: DB, newKey: Buffer): Promise<RetiredRecoveryCodes> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', MetaKey.recoveryCodesKey)
      .executeTakeFirst();
    if (marked?.value === fingerprint(newKey)) return { accounts: [], alreadyRetired: true };
    const accounts = await trx
      .selectFrom('admin_users')
      .select(['id', 'name', 'email'])
      .where('id', 'in', trx.selectFrom('recovery_codes').select('user_id').where('used_at', 'is', null))
      .orderBy('id')
      .execute();
    await trx.deleteFrom('recovery_codes').execute();
    await trx
      .insertInto('app_meta')
      .values({ key: MetaKey.recoveryCodesKey, value: fingerprint(newKey) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: fingerprint(newKey) }))
      .execute();
    return { accounts, alreadyRetired: false };
  });
}
