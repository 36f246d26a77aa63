import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordActivity } from '../activity/record.server';
import type { DB } from '../db/connect.server';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { createChallenge } from './challenges.server';
import { checkPassword } from './credentials.server';
import { OWNER_ACCOUNT_ID } from './policy';
import { createSession } from './sessions.server';
import { guessKeys, type SignInClient } from './sign-in-keys';
import { beginAttempt, forgetAttempt, type ThrottleDecision } from './throttle.server';
import { signInLimits, type ThrottleKey } from './throttle-rules';
import { hasSecondFactor, secondFactorsOf } from './two-factor/factors.server';
import { SECOND_FACTOR_TTL_MS } from './two-factor/second-factor-cookie.server';

/** A failed sign-in answers no sooner than this (the spec's 'about 1 second' of verifying). */
export const FAILED_SIGN_IN_MIN_MS = 1000;

export type { SignInClient };

/** A session started: its cookie's token, and the account (whose device cookie the browser gets). */
export interface SignedIn {
  token: string;
  accountId: string;
}

export type SignInResult =
  | ({ ok: true } & SignedIn)
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  /** The password was right; the account has a second factor, asked for next under this token. */
  | { ok: false; reason: 'second-factor'; challenge: string };

/** The account an e-mail names: empty means the built-in owner ('admin'). */
async function findAccountId(db: DB, email: string): Promise<string | null> {
  if (!email) return OWNER_ACCOUNT_ID;
  const row = await db.selectFrom('admin_users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * One guess under the sign-in limits (a password, a code, a passkey, a step-up): the attempt is
 * counted against each of its keys (./sign-in-keys.ts) before the check, so parallel guesses count.
 */
export async function throttledAttempt(db: DB, keys: readonly ThrottleKey[], ip: string): Promise<ThrottleDecision> {
  const decision = await beginAttempt(db, keys, signInLimits(env));
  if (!decision.allowed)
    logger.warn(
      {
        event: 'admin.sign_in.throttled',
        ip,
        keys: keys.map((key) => key.kind),
        retryAfterSeconds: decision.retryAfterSeconds,
      },
      'Sign-in throttled',
    );
  return decision;
}

/** A failed guess costs at least FAILED_SIGN_IN_MIN_MS from `started`, whatever failed. */
export async function failSlowly(started: number): Promise<void> {
  await sleep(Math.max(0, FAILED_SIGN_IN_MIN_MS - (Date.now() - started)));
}

/** Both factors are proven: a new session (always a new token: a planted cookie is never promoted). */
export async function startSession(
  db: DB,
  account: { id: string; label: string },
  client: SignInClient,
  method: 'password' | 'totp' | 'recovery code' | 'passkey',
): Promise<string> {
  const { token, id } = await createSession(db, client, new Date(), account.id);
  await recordActivity(db, {
    actor: account,
    action: 'sign_in',
    target: id,
    detail: { method },
    ip: client.ip,
  });
  logger.info({ event: 'admin.sign_in', ip: client.ip, session: id, account: account.id, method }, 'Admin signed in');
  return token;
}

/** Checks e-mail and password under the throttle; starts a session or asks for the second factor. */
export async function signIn(credentials: { email?: string; password: string }, client: SignInClient): Promise<SignInResult> {
  const started = Date.now();
  const db = await getDb();
  const email = (credentials.email ?? '').trim().toLowerCase();
  const accountId = await findAccountId(db, email);
  const decision = await throttledAttempt(db, guessKeys(client, accountId ?? `email:${email}`), client.ip);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  // An unknown e-mail still costs a password check's time, so timing does not tell which exist.
  const ok =
    accountId !== null &&
    credentials.password !== '' &&
    (await checkPassword(db, env.ADMIN_PASSWORD, credentials.password, accountId));
  if (ok) {
    await forgetAttempt(db, decision.attemptId);
    if (hasSecondFactor(await secondFactorsOf(db, accountId))) {
      // No session yet: only a short-lived step that the second factor completes.
      const { token } = await createChallenge(db, {
        purpose: 'second-factor',
        userId: accountId,
        data: {},
        ttlMs: SECOND_FACTOR_TTL_MS,
      });
      logger.info({ event: 'admin.sign_in.second_factor', ip: client.ip, account: accountId }, 'Password accepted');
      return { ok: false, reason: 'second-factor', challenge: token };
    }
    const token = await startSession(db, { id: accountId, label: email || accountId }, client, 'password');
    return { ok: true, token, accountId };
  }
  await recordActivity(db, {
    actor: { id: accountId, label: email || OWNER_ACCOUNT_ID },
    action: 'sign_in_failed',
    detail: { reason: accountId ? 'password' : 'unknown account' },
    ip: client.ip,
  });
  logger.warn({ event: 'admin.sign_in.failed', ip: client.ip }, 'Admin sign-in failed');
  await failSlowly(started);
  return { ok: false, reason: 'invalid' };
}
