import 'server-only';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { actorOf, recordActivity } from '../../activity/record.server';
import { getDb } from '../../db/index.server';
import { logger } from '../../log.server';
import { guessKeys } from '../sign-in-keys';
import { failSlowly, startSession, throttledAttempt, type SignedIn, type SignInClient } from '../sign-in.server';
import { forgetAttempt } from '../throttle.server';
import { verifyPasskey } from './passkeys.server';

export type PasskeySignInResult =
  ({ ok: true } & SignedIn) | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * 'Sign in with a passkey': a verified passkey (user verification required) is both factors. The
 * account is known only once verified, so a failure counts against the client's address, or
 * against its device when it holds a device cookie of any account.
 */
export async function signInWithPasskey(
  response: AuthenticationResponseJSON | null,
  client: SignInClient,
): Promise<PasskeySignInResult> {
  const started = Date.now();
  const db = await getDb();
  const decision = await throttledAttempt(db, guessKeys(client, null), client.ip);
  if (!decision.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  const userId = response ? await verifyPasskey(db, 'passkey-sign-in', response) : null;
  const account =
    userId && (await db.selectFrom('admin_users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst());
  if (account) {
    await forgetAttempt(db, decision.attemptId);
    const token = await startSession(db, { id: account.id, label: actorOf(account).label }, client, 'passkey');
    return { ok: true, token, accountId: account.id };
  }
  await recordActivity(db, {
    actor: { id: userId ?? null, label: userId ?? 'unknown' },
    action: 'sign_in_failed',
    detail: { reason: 'passkey' },
    ip: client.ip,
  });
  logger.warn({ event: 'admin.sign_in.failed', ip: client.ip, reason: 'passkey' }, 'Admin sign-in failed: passkey');
  await failSlowly(started);
  return { ok: false, reason: 'invalid' };
}
