import 'server-only';
import type { DB } from '../db/connect.server';
import { hashPassword, needsRehash, verifyPassword } from './password.server';
import { DEFAULT_ADMIN_PASSWORD, OWNER_ACCOUNT_ID } from './policy';

export interface AdminCredentials {
  passwordHash: string;
  /** The built-in default password is still in effect. */
  isDefault: boolean;
}

/**
 * The owner's credentials, created on first use from ADMIN_PASSWORD or else the built-in default.
 * While the default is in effect, a newly set ADMIN_PASSWORD replaces it; a password the owner
 * has chosen is never overwritten by the environment.
 */
export async function readCredentials(db: DB, adminPassword: string | undefined, now = new Date()): Promise<AdminCredentials> {
  const row = await db
    .selectFrom('admin_users')
    .select(['password_hash', 'is_default'])
    .where('id', '=', OWNER_ACCOUNT_ID)
    .executeTakeFirst();
  if (row && !(row.is_default === 1 && adminPassword))
    return { passwordHash: row.password_hash, isDefault: row.is_default === 1 };

  const initial = { passwordHash: await hashPassword(adminPassword ?? DEFAULT_ADMIN_PASSWORD), isDefault: !adminPassword };
  const values = { password_hash: initial.passwordHash, is_default: initial.isDefault ? 1 : 0, updated_at: now.toISOString() };
  if (row) {
    await db.updateTable('admin_users').set(values).where('id', '=', OWNER_ACCOUNT_ID).where('is_default', '=', 1).execute();
  } else {
    await db
      .insertInto('admin_users')
      .values({ id: OWNER_ACCOUNT_ID, email: null, name: 'Owner', role: 'owner', created_at: now.toISOString(), ...values })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  // Another request may have won the race: the stored row is the truth.
  return readCredentials(db, row ? undefined : adminPassword, now);
}

/** Checks an account's password (the owner's: `userId` omitted); upgrades an old hash on the way. */
export async function checkPassword(
  db: DB,
  adminPassword: string | undefined,
  password: string,
  userId: string = OWNER_ACCOUNT_ID,
): Promise<boolean> {
  const hash =
    userId === OWNER_ACCOUNT_ID
      ? (await readCredentials(db, adminPassword)).passwordHash
      : (await db.selectFrom('admin_users').select('password_hash').where('id', '=', userId).executeTakeFirst())?.password_hash;
  if (!hash) return false;
  const ok = await verifyPassword(password, hash);
  if (ok && needsRehash(hash)) {
    await db
      .updateTable('admin_users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', userId)
      .where('password_hash', '=', hash)
      .execute();
  }
  return ok;
}

export async function setPassword(db: DB, password: string, now = new Date(), userId: string = OWNER_ACCOUNT_ID): Promise<void> {
  await db
    .updateTable('admin_users')
    .set({ password_hash: await hashPassword(password), is_default: 0, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}
