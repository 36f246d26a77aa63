import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordActivity } from '../activity/record.server';
import type { DB } from '../db/connect.server';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { checkPassword } from './credentials.server';
import { OWNER_ACCOUNT_ID } from './policy';
import { createSession } from './sessions.server';
import { beginAttempt, forgetAttempt } from './throttle.server';

/** A failed sign-in answers no sooner than this (the spec's 'about 1 second' of verifying). */
export const FAILED_SIGN_IN_MIN_MS = 1000;

export type SignInResult =
  { ok: true; token: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export interface SignInClient {
  ip: string;
  userAgent: string;
}

/** The account an e-mail names: empty means the built-in owner ('admin'). */
async function findAccountId(db: DB, email: string): Promise<string | null> {
  if (!email) return OWNER_ACCOUNT_ID;
  const row = await db.selectFrom('admin_users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

/** Checks e-mail and password under the throttle and, when right, starts a new session. */
export async function signIn(credentials: { email?: string; password: string }, client: SignInClient): Promise<SignInResult> {
  const started = Date.now();
  const db = await getDb();
  const email = (credentials.email ?? '').trim().toLowerCase();
  const decision = await beginAttempt(db, client.ip, {
    perMinute: env.LOGIN_LIMIT_PER_MINUTE,
    perHour: env.LOGIN_LIMIT_PER_HOUR,
  });
  if (!decision.allowed) {
    logger.warn(
      { event: 'admin.sign_in.throttled', ip: client.ip, retryAfterSeconds: decision.retryAfterSeconds },
      'Sign-in throttled',
    );
    return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  }
  const accountId = await findAccountId(db, email);
  // An unknown e-mail still costs a password check's time, so timing does not tell which exist.
  const ok =
    accountId !== null &&
    credentials.password !== '' &&
    (await checkPassword(db, env.ADMIN_PASSWORD, credentials.password, accountId));
  if (ok) {
    await forgetAttempt(db, decision.attemptId);
    // Always a new token: a cookie planted before sign-in is never promoted to a session.
    const { token, id } = await createSession(db, client, new Date(), accountId);
    await recordActivity(db, {
      actor: { id: accountId, label: email || accountId },
      action: 'sign_in',
      target: id,
      ip: client.ip,
    });
    logger.info({ event: 'admin.sign_in', ip: client.ip, session: id, account: accountId }, 'Admin signed in');
    return { ok: true, token };
  }
  await recordActivity(db, {
    actor: { id: accountId, label: email || OWNER_ACCOUNT_ID },
    action: 'sign_in_failed',
    detail: { reason: accountId ? 'password' : 'unknown account' },
    ip: client.ip,
  });
  logger.warn({ event: 'admin.sign_in.failed', ip: client.ip }, 'Admin sign-in failed');
  await sleep(Math.max(0, FAILED_SIGN_IN_MIN_MS - (Date.now() - started)));
  return { ok: false, reason: 'invalid' };
}
