import 'server-only';
import type { DB } from '../db/connect.server';
import { isRole, type Role } from './roles';
import type { AccountSummary } from './types';

export async function countAccounts(db: DB): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAccounts(db: DB): Promise<AccountSummary[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'email', 'name', 'role', 'created_at', 'totp_enabled_at'])
    // A passkey is a second factor too (it counts as both).
    .select((eb) =>
      eb
        .exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'admin_users.id'))
        .as('has_passkey'),
    )
    .orderBy('created_at')
    .execute();
  return rows
    .filter((row) => isRole(row.role))
    .map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as Role,
      createdAt: row.created_at,
      twoFactor: row.totp_enabled_at !== null || Boolean(Number(row.has_passkey)),
    }));
}
