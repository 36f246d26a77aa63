import 'server-only';
import { OWNER_ACCOUNT_ID } from '../auth/policy';
import type { Role } from '../auth/roles';
import { deleteAccountSessions } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { archiveOfficer } from '../officers/archive.server';

/**
 * The owner's changes to other accounts. The built-in owner account ('admin') is neither demoted
 * nor removed: it is the one the site can always be entered with, so the site never ends up
 * without an owner. Both run inside the caller's transaction, which logs them.
 */

export type AccountChange<T> = { ok: true; value: T } | { ok: false; reason: 'built-in' | 'not-found' };

export async function changeRole(
  trx: DB,
  id: string,
  role: Role,
  now = new Date(),
): Promise<AccountChange<{ from: string; email: string | null }>> {
  if (id === OWNER_ACCOUNT_ID) return { ok: false, reason: 'built-in' };
  const row = await trx.selectFrom('admin_users').select(['role', 'email']).where('id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, reason: 'not-found' };
  await trx.updateTable('admin_users').set({ role, updated_at: now.toISOString() }).where('id', '=', id).execute();
  // A role that does not originate takes the profile off the team pages: the ad archive says when.
  await archiveOfficer(trx, id, now);
  return { ok: true, value: { from: row.role, email: row.email } };
}

/**
 * Removes an account with everything that lets it in: its sessions (so an open one stops at its
 * next request), recovery codes, passkeys, sign-in steps in progress and its push alert devices.
 */
export async function removeAccount(
  trx: DB,
  id: string,
  now = new Date(),
): Promise<AccountChange<{ email: string | null; role: string }>> {
  if (id === OWNER_ACCOUNT_ID) return { ok: false, reason: 'built-in' };
  const row = await trx.selectFrom('admin_users').select(['email', 'role']).where('id', '=', id).executeTakeFirst();
  if (!row) return { ok: false, reason: 'not-found' };
  await deleteAccountSessions(trx, id);
  await trx.deleteFrom('recovery_codes').where('user_id', '=', id).execute();
  await trx.deleteFrom('passkeys').where('user_id', '=', id).execute();
  await trx.deleteFrom('auth_challenges').where('user_id', '=', id).execute();
  // Its devices stop getting lead alerts.
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', id).execute();
  // Its public profile goes with it (its address is free again); leads keep their assignee id.
  await trx.deleteFrom('officer_profiles').where('account_id', '=', id).execute();
  await trx.deleteFrom('admin_users').where('id', '=', id).execute();
  // The team pages lose the profile: the ad archive records when.
  await archiveOfficer(trx, id, now);
  return { ok: true, value: row };
}
