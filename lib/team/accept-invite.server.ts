import 'server-only';
import { isRole, type Role } from '../auth/roles';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { deleteNotifications } from '../notifications/outbox.server';
import { inviteSubject } from './invites.server';

export type AcceptInviteResult =
  | { ok: true; inviteId: string; account: { id: string; email: string; name: string; role: Role } }
  | { ok: false; reason: 'gone' | 'account-exists' };

/**
 * Turns a live invitation into an account: marks it accepted and creates the account in the
 * caller's transaction. Claiming comes first, as one conditional update, so of two tabs (or
 * instances) accepting at once the second waits for the first's write and then finds nothing to
 * claim ('gone').
 */
export async function acceptInvite(
  trx: DB,
  input: { token: string; name: string; passwordHash: string },
  now = new Date(),
): Promise<AcceptInviteResult> {
  const stamp = now.toISOString();
  const invite = await trx
    .updateTable('invites')
    .set({ accepted_at: stamp })
    .where('token_hash', '=', hashToken(input.token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', stamp)
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
  if (!invite || !isRole(invite.role)) return { ok: false, reason: 'gone' };
  const email = invite.email.toLowerCase();
  if (await trx.selectFrom('admin_users').select('id').where('email', '=', email).executeTakeFirst()) {
    // Joined through another invitation meanwhile: this one stays open for the owner to revoke.
    await trx.updateTable('invites').set({ accepted_at: null }).where('id', '=', invite.id).execute();
    return { ok: false, reason: 'account-exists' };
  }

  const account = { id: newId(), email, name: input.name, role: invite.role };
  await trx
    .insertInto('admin_users')
    .values({ ...account, password_hash: input.passwordHash, created_at: stamp, updated_at: stamp })
    .execute();
  // The link is spent: its e-mail, which holds the token in clear, goes.
  await deleteNotifications(trx, inviteSubject(invite.id));
  return { ok: true, inviteId: invite.id, account };
}
