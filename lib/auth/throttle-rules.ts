/**
 * The sign-in limits as rules (ADR 026, docs/security.md): what a guess is counted by, how many
 * failures each key allows, and how long it then waits. Plain functions of the failures' times, so
 * they are tested without a database; ./throttle.server.ts keeps the times.
 */

/**
 * What a guess is counted by. A client holding the account's device cookie counts as that device;
 * any other client counts as its address (IPv6 by /64) and against the account's allowance for
 * clients it does not know. Step-up and the password change count per session.
 */
export type ThrottleKind = 'device' | 'address' | 'account' | 'session';

export interface ThrottleKey {
  kind: ThrottleKind;
  value: string;
}

export interface KeyLimit {
  /** Failures allowed before the key waits. */
  failures: number;
  /** The first wait; each further `failures` doubles it. */
  lockMs: number;
  /** The longest wait. */
  maxLockMs: number;
}

export type ThrottleLimits = Record<ThrottleKind, KeyLimit>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Failures are remembered this long; the waits they cause never last longer. */
export const LOOKBACK_MS = 24 * HOUR;

/** The limits as configured: LOGIN_LIMIT_PER_MINUTE per client, LOGIN_LIMIT_PER_HOUR per account. */
export function signInLimits(env: { LOGIN_LIMIT_PER_MINUTE: number; LOGIN_LIMIT_PER_HOUR: number }): ThrottleLimits {
  const perClient: KeyLimit = { failures: env.LOGIN_LIMIT_PER_MINUTE, lockMs: MINUTE, maxLockMs: HOUR };
  return {
    device: perClient,
    address: perClient,
    session: perClient,
    account: { failures: env.LOGIN_LIMIT_PER_HOUR, lockMs: HOUR, maxLockMs: LOOKBACK_MS },
  };
}

/**
 * Until when a key waits, given its failures (times in ms, oldest first, within LOOKBACK_MS), or
 * null when it may try. Every `failures` failures lock it: after the first batch for `lockMs` from
 * the batch's last failure, after the second for twice that, then four times..., at most
 * `maxLockMs`. So one address or device gets its allowance per minute at first, and ever less
 * while it keeps failing; the wait shrinks again as its failures age past a day.
 */
export function lockedUntil(failures: readonly number[], limit: KeyLimit): number | null {
  const batches = Math.floor(failures.length / limit.failures);
  if (batches === 0) return null;
  const lastOfBatch = failures[batches * limit.failures - 1]!;
  return lastOfBatch + Math.min(limit.lockMs * 2 ** Math.min(batches - 1, 30), limit.maxLockMs);
}
