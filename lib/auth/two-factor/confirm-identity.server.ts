import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AdminContext } from '../../admin/context';
import { env } from '../../env.server';
import { checkPassword } from '../credentials.server';
import { requestClient } from '../session.server';
import { markAuthenticated } from '../sessions.server';
import { sessionKeys } from '../sign-in-keys';
import { failSlowly, throttledAttempt } from '../sign-in.server';
import { forgetAttempt } from '../throttle.server';
import { secondFactorsOf } from './factors.server';
import { verifyPasskey } from './passkeys.server';
import { redeemRecoveryCode } from './recovery-codes.server';
import { normalizeCode } from './second-step.server';
import { checkTotp } from './totp-store.server';

/**
 * Step-up: the signed-in person proves again that it is them (the password and, when the account
 * has an authenticator app, its code; or a passkey), which renews the session's
 * `authenticated_at` for another ten minutes of exports, deletions and security changes. Guesses
 * here count against the session's own allowance (a stolen session guesses no faster than a
 * client at the door, and locks nobody else out) and cost the minimum time of a wrong password.
 */

export type ConfirmResult =
  | { ok: true }
  | { ok: false; reason: 'password' | 'code' | 'passkey' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

async function confirmed(
  context: AdminContext,
  attemptId: string,
  method: string,
  used?: 'recovery code',
): Promise<ConfirmResult> {
  const { db, session, log } = context;
  await forgetAttempt(db, attemptId);
  await markAuthenticated(db, session.id);
  if (used) await log({ action: 'recovery_code_used', target: session.account.id });
  await log({ action: 'step_up', target: session.id, detail: { method } });
  return { ok: true };
}

async function refused(context: AdminContext, started: number, reason: 'password' | 'code' | 'passkey'): Promise<ConfirmResult> {
  await context.log({ action: 'sign_in_failed', detail: { reason, step: 'step-up' } });
  await failSlowly(started);
  return { ok: false, reason };
}

export async function confirmWithPassword(
  context: AdminContext,
  input: { password: string; code: string },
): Promise<ConfirmResult> {
  const started = Date.now();
  const { db, account } = context;
  const decision = await throttledAttempt(db, sessionKeys(context.session.id), (await requestClient()).ip);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  if (!input.password || !(await checkPassword(db, env.ADMIN_PASSWORD, input.password, account.id)))
    return refused(context, started, 'password');
  const factors = await secondFactorsOf(db, account.id);
  // An account with only passkeys confirms with a passkey: its password alone is one factor.
  if (!factors.totp && factors.passkeys > 0) return refused(context, started, 'passkey');
  if (!factors.totp) return confirmed(context, decision.attemptId, 'password');
  const code = normalizeCode(input.code);
  if (/^\d{6}$/.test(code) ? await checkTotp(db, account.id, code) : false)
    return confirmed(context, decision.attemptId, 'password and code');
  if (!/^\d{6}$/.test(code) && (await redeemRecoveryCode(db, account.id, code)))
    return confirmed(context, decision.attemptId, 'password and recovery code', 'recovery code');
  return refused(context, started, 'code');
}

export async function confirmWithPasskey(context: AdminContext, response: AuthenticationResponseJSON): Promise<ConfirmResult> {
  const started = Date.now();
  const { db, account } = context;
  const decision = await throttledAttempt(db, sessionKeys(context.session.id), (await requestClient()).ip);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  const userId = await verifyPasskey(db, 'passkey-step-up', response);
  if (userId !== account.id) return refused(context, started, 'passkey');
  return confirmed(context, decision.attemptId, 'passkey');
}
