import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { checkPassword } from './credentials.server';
import { createSession } from './sessions.server';
import { beginAttempt, forgetAttempt } from './throttle.server';

/** A failed sign-in answers no sooner than this (the spec's 'about 1 second' of verifying). */
export const FAILED_SIGN_IN_MIN_MS = 1000;

export type SignInResult =
  { ok: true; token: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Checks the password under the throttle and, when right, starts a new session. */
export async function signIn(password: string, client: { ip: string; userAgent: string }): Promise<SignInResult> {
  const started = Date.now();
  const db = await getDb();
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
  if (password && (await checkPassword(db, env.ADMIN_PASSWORD, password))) {
    await forgetAttempt(db, decision.attemptId);
    // Always a new token: a cookie planted before sign-in is never promoted to a session.
    const { token, id } = await createSession(db, client);
    logger.info({ event: 'admin.sign_in', ip: client.ip, session: id }, 'Admin signed in');
    return { ok: true, token };
  }
  logger.warn({ event: 'admin.sign_in.failed', ip: client.ip }, 'Admin sign-in failed');
  await sleep(Math.max(0, FAILED_SIGN_IN_MIN_MS - (Date.now() - started)));
  return { ok: false, reason: 'invalid' };
}
