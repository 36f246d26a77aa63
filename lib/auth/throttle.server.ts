import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';

/**
 * Sign-in throttling kept in the database, so the limits survive restarts and hold across app
 * instances sharing it. An attempt is recorded before the password is checked (so parallel
 * guesses count) and removed again when it succeeds: only failures use up the allowance.
 *
 * Counting and recording are one transaction that no other attempt runs beside: otherwise guesses
 * sent at the same moment all count the same earlier attempts and all get through (of twenty at
 * once, all twenty passed a limit of ten on one SQLite process, fourteen to nineteen on two
 * instances). SQLite's one connection runs one
 * transaction at a time; PostgreSQL's instances queue on an advisory lock held until commit.
 */

export interface ThrottleLimits {
  perMinute: number;
  perHour: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

export type ThrottleDecision = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

async function windowState(db: DB, since: Date, ip?: string): Promise<{ count: number; oldest?: string }> {
  let query = db
    .selectFrom('sign_in_attempts')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('attempted_at').as('oldest')])
    .where('attempted_at', '>', since.toISOString());
  if (ip !== undefined) query = query.where('ip', '=', ip);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ?? undefined };
}

function retryAfter(oldest: string | undefined, windowMs: number, now: Date): number {
  const until = (oldest ? Date.parse(oldest) : now.getTime()) + windowMs;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Checks both limits and, when allowed, records the attempt. */
export async function beginAttempt(db: DB, ip: string, limits: ThrottleLimits, now = new Date()): Promise<ThrottleDecision> {
  return db.transaction().execute(async (trx) => {
    if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('clp.sign_in_attempts'))`.execute(trx);
    return decide(trx, ip, limits, now);
  });
}

async function decide(db: DB, ip: string, limits: ThrottleLimits, now: Date): Promise<ThrottleDecision> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('attempted_at', '<', new Date(now.getTime() - HOUR).toISOString())
    .execute();
  const perClient = await windowState(db, new Date(now.getTime() - MINUTE), ip);
  if (perClient.count >= limits.perMinute)
    return { allowed: false, retryAfterSeconds: retryAfter(perClient.oldest, MINUTE, now) };
  const overall = await windowState(db, new Date(now.getTime() - HOUR));
  if (overall.count >= limits.perHour) return { allowed: false, retryAfterSeconds: retryAfter(overall.oldest, HOUR, now) };

  const attemptId = newId();
  await db
    .insertInto('sign_in_attempts')
    .values({ id: attemptId, ip: ip.slice(0, 64), attempted_at: now.toISOString() })
    .execute();
  return { allowed: true, attemptId };
}

/** A successful sign-in does not count against the limits. */
export async function forgetAttempt(db: DB, attemptId: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('id', '=', attemptId).execute();
}

export function retryMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many sign-in attempts. Please try again in ${wait}.`;
}
