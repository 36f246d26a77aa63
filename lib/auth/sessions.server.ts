import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';

/**
 * Admin sessions in the database. The cookie carries a random 256-bit token; the table holds only
 * its SHA-256, so neither a database copy nor a log line can be replayed as a cookie. A session
 * ends after `idleMinutes` without a request or `maxDays` after sign-in, whichever comes first.
 */

export interface SessionLimits {
  idleMinutes: number;
  maxDays: number;
}

export interface AdminSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  ip: string;
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
  const row = await db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  if (!isLive(row, limits, now)) {
    await db.deleteFrom('admin_sessions').where('id', '=', row.id).execute();
    return null;
  }
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_INTERVAL_MS) {
    lastSeenAt = now.toISOString();
    await db.updateTable('admin_sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', row.id).execute();
  }
  return { id: row.id, createdAt: row.created_at, lastSeenAt, userAgent: row.user_agent, ip: row.ip };
}

/** Every live session, newest first; expired rows are removed. */
export async function listSessions(db: DB, limits: SessionLimits, now = new Date()): Promise<AdminSession[]> {
  const rows = await db
    .selectFrom('admin_sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
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

/** Ends every session except `keepId`; returns how many ended. */
export async function deleteOtherSessions(db: DB, keepId: string): Promise<number> {
  const result = await db.deleteFrom('admin_sessions').where('id', '!=', keepId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
