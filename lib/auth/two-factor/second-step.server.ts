import 'server-only';
import { actorOf, recordActivity } from '../../activity/record.server';
import { getDb } from '../../db/index.server';
import { logger } from '../../log.server';
import { consumeChallenge, findChallenge } from '../challenges.server';
import { guessKeys } from '../sign-in-keys';
import { failSlowly, startSession, throttledAttempt, type SignedIn, type SignInClient } from '../sign-in.server';
import { forgetAttempt } from '../throttle.server';
import { redeemRecoveryCode } from './recovery-codes.server';
import { checkTotp } from './totp-store.server';

/**
 * The sign-in's second step: the code from the authenticator app, or a recovery code, for the
 * account whose password was accepted (the 'second-factor' challenge the cookie names). A guess
 * here is a guess like a wrong password: it counts against the same limits as the password (the
 * account's, and the client's device or address), is logged, and costs the same minimum time.
 */

export type SecondStepResult =
  | ({ ok: true } & SignedIn)
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/** Codes are pasted with spaces or dashes ('123 456'); the digits are what count. */
export function normalizeCode(input: string): string {
  return input.trim().replace(/[\s-]/g, '');
}

export async function verifySecondStep(
  challengeToken: string | undefined,
  input: string,
  client: SignInClient,
): Promise<SecondStepResult> {
  const started = Date.now();
  const db = await getDb();
  const challenge = await findChallenge(db, 'second-factor', challengeToken);
  const account =
    challenge?.userId &&
    (await db.selectFrom('admin_users').select(['id', 'email']).where('id', '=', challenge.userId).executeTakeFirst());
  // Not a guess at anything: the five minutes ran out, or the password step never happened.
  if (!challenge || !account) return { ok: false, reason: 'expired' };
  const decision = await throttledAttempt(db, guessKeys(client, account.id), client.ip);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  const code = normalizeCode(input);
  const method = /^\d{6}$/.test(code)
    ? (await checkTotp(db, account.id, code)) && ('totp' as const)
    : (await redeemRecoveryCode(db, account.id, code)) && ('recovery code' as const);
  if (method && (await consumeChallenge(db, challenge.id))) {
    await forgetAttempt(db, decision.attemptId);
    const actor = actorOf(account);
    if (method === 'recovery code')
      await recordActivity(db, { actor, action: 'recovery_code_used', target: account.id, ip: client.ip });
    const token = await startSession(db, { id: account.id, label: actor.label }, client, method);
    return { ok: true, token, accountId: account.id };
  }
  await recordActivity(db, {
    actor: actorOf(account),
    action: 'sign_in_failed',
    detail: { reason: 'code' },
    ip: client.ip,
  });
  logger.warn({ event: 'admin.sign_in.failed', ip: client.ip, reason: 'code' }, 'Admin sign-in failed: wrong code');
  await failSlowly(started);
  return { ok: false, reason: 'invalid' };
}
