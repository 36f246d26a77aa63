import 'server-only';
import type { DB } from '../db/connect.server';
import { hashPassword, needsRehash, verifyPassword } from './password.server';
import { ADMIN_USERNAME, DEFAULT_ADMIN_PASSWORD } from './policy';

export interface AdminCredentials {
  passwordHash: string;
  /** The built-in default password is still in effect. */
  isDefault: boolean;
}

/**
 * The admin's credentials, created on first use from ADMIN_PASSWORD or else the built-in default.
 * While the default is in effect, a newly set ADMIN_PASSWORD replaces it; a password the owner
 * has chosen is never overwritten by the environment.
 */
export async function readCredentials(db: DB, adminPassword: string | undefined, now = new Date()): Promise<AdminCredentials> {
  const row = await db
    .selectFrom('admin_credentials')
    .select(['password_hash', 'is_default'])
    .where('username', '=', ADMIN_USERNAME)
    .executeTakeFirst();
  if (row && !(row.is_default === 1 && adminPassword))
    return { passwordHash: row.password_hash, isDefault: row.is_default === 1 };

  const initial = { passwordHash: await hashPassword(adminPassword ?? DEFAULT_ADMIN_PASSWORD), isDefault: !adminPassword };
  const values = { password_hash: initial.passwordHash, is_default: initial.isDefault ? 1 : 0, updated_at: now.toISOString() };
  if (row) {
    await db
      .updateTable('admin_credentials')
      .set(values)
      .where('username', '=', ADMIN_USERNAME)
      .where('is_default', '=', 1)
      .execute();
  } else {
    await db
      .insertInto('admin_credentials')
      .values({ username: ADMIN_USERNAME, ...values })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  }
  // Another request may have won the race: the stored row is the truth.
  return readCredentials(db, row ? undefined : adminPassword, now);
}

export async function checkPassword(db: DB, adminPassword: string | undefined, password: string): Promise<boolean> {
  const credentials = await readCredentials(db, adminPassword);
  const ok = await verifyPassword(password, credentials.passwordHash);
  if (ok && needsRehash(credentials.passwordHash)) {
    await db
      .updateTable('admin_credentials')
      .set({ password_hash: await hashPassword(password) })
      .where('username', '=', ADMIN_USERNAME)
      .where('password_hash', '=', credentials.passwordHash)
      .execute();
  }
  return ok;
}

export async function setPassword(db: DB, password: string, now = new Date()): Promise<void> {
  await db
    .updateTable('admin_credentials')
    .set({ password_hash: await hashPassword(password), is_default: 0, updated_at: now.toISOString() })
    .where('username', '=', ADMIN_USERNAME)
    .execute();
}
