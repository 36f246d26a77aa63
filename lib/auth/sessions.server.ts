import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { OWNER_ACCOUNT_ID } from './policy';
import { isRole, type Role } from './roles';

/**
 * Admin sessions in the database. The cookie carries a random 256-bit token; the table holds only
 * its SHA-256, so neither a database copy nor a log line can be replayed as a cookie. A session
 * ends after `idleMinutes` without a request or `maxDays` after sign-in, whichever comes first.
 */

export interface SessionLimits {
  idleMinutes: number;
  maxDays: number;
}

/** The account a session belongs to, as the admin needs it on every request. */
export interface AdminAccount {
  id: string;
  /** null for the built-in owner account ('admin'). */
  email: string | null;
  name: string;
  role: Role;
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  ip: string;
}

export interface AdminSession extends SessionSummary {
  account: AdminAccount;
  /** The last full sign-in or step-up confirmation (password and second factor). */
  authenticatedAt: string;
  /** The built-in default password is still the account's: nothing opens but choosing another. */
  mustChoosePassword: boolean;
}

/** last_seen_at is written at most this often, so page views do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: DB,
  client: { userAgent: string; ip: string },
  now = new Date(),
  userId: string = OWNER_ACCOUNT_ID,
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = newId();
  const stamp = now.toISOString();
  await db
    .insertInto('admin_sessions')
    .values({
      id,
      token_hash: hashToken(token),
      created_at: stamp,
      last_seen_at: stamp,
      user_agent: client.userAgent.slice(0, 300),
      ip: client.ip.slice(0, 64),
      user_id: userId,
      authenticated_at: stamp,
    })
    .execute();
  return { token, id };
}

function isLive(row: { created_at: string; last_seen_at: string }, limits: SessionLimits, now: Date): boolean {
  const t = now.getTime();
  return (
    t - Date.parse(row.last_seen_at) < limits.idleMinutes * 60_000 && t - Date.parse(row.created_at) < limits.maxDays * 86_400_000
  );
}

/** The live session a token belongs to, or null; an expired one is deleted on the way. */
export async function validateSession(
  db: DB,
  token: string | undefined,
  limits: SessionLimits,
  now = new Date(),
): Promise<AdminSession | null> {
  if (!token || token.length > 100) return null;
  // The inner join ends a removed account's sessions at once, even before they are deleted.
  const row = await db
    .selectFrom('admin_sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 's.last_seen_at', 's.user_agent', 's.ip', 's.authenticated_at'])
    .select(['u.id as user_id', 'u.email', 'u.name', 'u.role', 'u.is_default'])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || !isRole(row.role)) return null;
  if (!isLive(row, limits, now)) {
    await db.deleteFrom('admin_sessions').where('id', '=', row.id).execute();
    return null;
  }
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    lastSeenAt = now.toISOString();
    await db.updateTable('admin_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', row.id).execute();
  }
  return {
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt,
    userAgent: row.user_agent,
    ip: row.ip,
    authenticatedAt: row.authenticated_at ?? row.created_at,
    mustChoosePassword: Number(row.is_default) === 1,
    account: { id: row.user_id, email: row.email, name: row.name, role: row.role },
  };
}

/** Marks a session as just fully authenticated again (a step-up confirmation). */
export async function markAuthenticated(db: DB, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable('admin_sessions').set({ authenticated_at: now.toISOString() }).where('id', '=', sessionId).execute();
}

/** An account's live sessions, newest first; its expired rows are removed. */
export async function listSessions(db: DB, userId: string, limits: SessionLimits, now = new Date()): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const expired = rows.filter((r) => !isLive(r, limits, now)).map((r) => r.id);
  if (expired.length) await db.deleteFrom('admin_sessions').where('id', 'in', expired).execute();
  return rows
    .filter((r) => !expired.includes(r.id))
    .map((r) => ({ id: r.id, createdAt: r.created_at, lastSeenAt: r.last_seen_at, userAgent: r.user_agent, ip: r.ip }));
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('id', '=', id).execute();
}

/** Ends one of an account's sessions; false when it was not theirs or is already gone. */
export async function deleteAccountSession(db: DB, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('admin_sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the account except `keepId`; returns how many ended. */
export async function deleteOtherSessions(db: DB, userId: string, keepId: string): Promise<number> {
  const result = await db.deleteFrom('admin_sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of an account (it was removed, or its password was reset). */
export async function deleteAccountSessions(db: DB, userId: string): Promise<number> {
  const result = await db.deleteFrom('admin_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
