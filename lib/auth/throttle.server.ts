import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { lockedUntil, LOOKBACK_MS, type ThrottleKey, type ThrottleLimits } from './throttle-rules';

/**
 * Sign-in limits kept in the database, so they survive restarts and hold across the instances
 * sharing it. A guess counts against each of its keys (./sign-in-keys.server.ts): it is recorded
 * before the password is checked, so parallel guesses count, and removed when it succeeds, so only
 * failures use up an allowance. The rows hold a hash of each key, never an address or an e-mail.
 *
 * Counting and recording are one transaction that no other attempt runs beside: otherwise guesses
 * sent at the same moment all count the same earlier attempts and all get through (of twenty at
 * once, all twenty passed a limit of ten on one SQLite process, fourteen to nineteen on two
 * instances). SQLite's one connection runs one transaction at a time; PostgreSQL's instances
 * queue on an advisory lock held until commit.
 */

export type ThrottleDecision = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

const storedKey = (key: ThrottleKey) => `${key.kind}:${createHash('sha256').update(key.value).digest('base64url').slice(0, 43)}`;

/** Checks every key's limit and, when none is locked, records the attempt against each. */
export async function beginAttempt(
  db: DB,
  keys: readonly ThrottleKey[],
  limits: ThrottleLimits,
  now = new Date(),
): Promise<ThrottleDecision> {
  return db.transaction().execute(async (trx) => {
    if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('clp.sign_in_attempts'))`.execute(trx);
    const since = new Date(now.getTime() - LOOKBACK_MS).toISOString();
    await trx.deleteFrom('sign_in_attempts').where('attempted_at', '<=', since).execute();

    let waitMs = 0;
    for (const key of keys) {
      const rows = await trx
        .selectFrom('sign_in_attempts')
        .select('attempted_at')
        .where('throttle_key', '=', storedKey(key))
        .where('attempted_at', '>', since)
        .orderBy('attempted_at')
        .execute();
      const until = lockedUntil(
        rows.map((row) => Date.parse(row.attempted_at)),
        limits[key.kind],
      );
      if (until !== null) waitMs = Math.max(waitMs, until - now.getTime());
    }
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };

    const attemptId = newId();
    if (keys.length)
      await trx
        .insertInto('sign_in_attempts')
        .values(
          keys.map((key) => ({
            id: newId(),
            attempt_id: attemptId,
            throttle_key: storedKey(key),
            attempted_at: now.toISOString(),
          })),
        )
        .execute();
    return { allowed: true, attemptId };
  });
}

/** A successful attempt does not count against any limit. */
export async function forgetAttempt(db: DB, attemptId: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('attempt_id', '=', attemptId).execute();
}

export function retryMessage(seconds: number, what = 'sign-in attempts'): string {
  const wait = seconds < 120 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many ${what}. Please try again in ${wait}.`;
}
