import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { isRole, type Role } from '../auth/roles';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { addNotifications, deleteNotifications } from '../notifications/outbox.server';
import { latestEmailStates } from '../notifications/queries.server';
import { inviteMessage } from './invite-message';
import { INVITE_VALID_HOURS } from './schemas';
import type { PendingInvite } from './types';

/**
 * Invitations to the admin (ADR 020). The link carries a random 256-bit token; the table keeps
 * only its SHA-256, like the sessions'. The e-mail with the link is an outbox notification of
 * subject 'invite', added in the invitation's own transaction, with the token sealed at rest and
 * dropped once sent (the outbox's `secret`, ADR 028), and deleted with the invitation once the
 * link can no longer be used (accepted, revoked, replaced).
 * The writes run inside the caller's transaction, which also logs them.
 */

export type CreateInviteResult =
  { ok: true; id: string; token: string } | { ok: false; reason: 'account-exists' | 'invite-exists' };

/** The outbox subject of an invitation's e-mail. */
export const inviteSubject = (id: string) => ({ type: 'invite', id }) as const;

/** An invitation and its e-mail, gone for good. */
async function dropInvites(trx: DB, ids: string[]): Promise<void> {
  for (const id of ids) await deleteNotifications(trx, inviteSubject(id));
  if (ids.length) await trx.deleteFrom('invites').where('id', 'in', ids).execute();
}

/**
 * PostgreSQL: two owners (or two tabs) inviting one address at once would each find no live
 * invitation in their own transaction. An advisory lock per address, held until commit, makes the
 * second wait and then see the first's. SQLite has one writer already.
 */
async function oneAtATimePerAddress(trx: DB, email: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('clp.invite_email'), hashtext(${email}))`.execute(trx);
}

/**
 * Invites `email` as `role`, unless it already has an account or a live invitation. An expired
 * invitation to the same address makes way for the new one.
 */
export async function createInvite(
  trx: DB,
  invite: { email: string; role: Role; invitedBy: string; siteUrl: string },
  now = new Date(),
): Promise<CreateInviteResult> {
  const stamp = now.toISOString();
  await oneAtATimePerAddress(trx, invite.email);
  const account = await trx.selectFrom('admin_users').select('id').where('email', '=', invite.email).executeTakeFirst();
  if (account) return { ok: false, reason: 'account-exists' };
  const earlier = await trx
    .selectFrom('invites')
    .select(['id', 'expires_at'])
    .where('email', '=', invite.email)
    .where('accepted_at', 'is', null)
    .execute();
  if (earlier.some((row) => row.expires_at > stamp)) return { ok: false, reason: 'invite-exists' };
  await dropInvites(
    trx,
    earlier.map((row) => row.id),
  );

  const id = newId();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITE_VALID_HOURS * 3_600_000);
  await trx
    .insertInto('invites')
    .values({
      id,
      token_hash: hashToken(token),
      email: invite.email,
      role: invite.role,
      invited_by: invite.invitedBy,
      created_at: stamp,
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  const link = `${invite.siteUrl}/invite/${token}`;
  await addNotifications(trx, [
    {
      subject: inviteSubject(id),
      channel: 'email',
      recipient: 'invitee',
      payload: inviteMessage({ ...invite, link, expiresAt }),
      // The token opens the admin: sealed at rest, dropped once sent.
      secret: token,
      at: now,
    },
  ]);
  return { ok: true, id, token };
}

/** Invitations not yet accepted (expired ones too, marked), newest first, with their e-mail's state. */
export async function listInvites(db: DB, now = new Date()): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom('invites')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('accepted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const states = await latestEmailStates(
    db,
    'invite',
    rows.map((row) => row.id),
    'invitee',
  );
  const stamp = now.toISOString();
  return rows.flatMap((row) =>
    isRole(row.role)
      ? [
          {
            id: row.id,
            email: row.email,
            role: row.role,
            createdAt: row.created_at,
            expiresAt: row.expires_at,
            expired: row.expires_at <= stamp,
            delivery: states.get(row.id)?.status ?? null,
          },
        ]
      : [],
  );
}

/** The invitation a link's token opens, while it is unused and unexpired; else null. */
export async function findLiveInvite(
  db: DB,
  token: string,
  now = new Date(),
): Promise<{ id: string; email: string; role: Role } | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('invites')
    .select(['id', 'email', 'role'])
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && isRole(row.role) ? { id: row.id, email: row.email, role: row.role } : null;
}

/** Revokes an invitation not yet accepted; returns what it was, or null when there is none. */
export async function revokeInvite(trx: DB, id: string): Promise<{ email: string; role: string } | null> {
  const row = await trx
    .selectFrom('invites')
    .select(['email', 'role'])
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  await dropInvites(trx, [id]);
  return row;
}
