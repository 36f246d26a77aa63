import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DB } from '../../db/connect.server';
import { env } from '../../env.server';
import { logger } from '../../log.server';
import { consumeChallenge, createChallenge, findChallenge, type ChallengePurpose } from '../challenges.server';
import { TOTP_ISSUER } from './totp-store.server';

/**
 * Passkeys (WebAuthn). A passkey proves possession of a device and, with user verification
 * required, the person's PIN or biometric on it: both factors at once. The relying party is the
 * site's own origin (SITE_URL). Each ceremony's challenge is stored in auth_challenges under the
 * challenge itself as its token, so whichever instance receives the answer finds it, and a
 * challenge is taken when used, so it answers once.
 */

const CEREMONY_TTL_MS = 5 * 60_000;

function relyingParty(): { rpID: string; origin: string } {
  const url = new URL(env.SITE_URL);
  return { rpID: url.hostname, origin: url.origin };
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listPasskeys(db: DB, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

export async function removePasskey(db: DB, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function registrationOptions(
  db: DB,
  account: { id: string; email: string | null; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', account.id).execute();
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: relyingParty().rpID,
    userName: account.email ?? account.id,
    userDisplayName: account.name || account.email || account.id,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    // Discoverable, so the sign-in needs no e-mail first; verified, so it counts as two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await createChallenge(db, {
    purpose: 'passkey-register',
    userId: account.id,
    data: {},
    ttlMs: CEREMONY_TTL_MS,
    token: options.challenge,
  });
  return options;
}

/** The challenge an authenticator signed, as the browser reported it (verified again below). */
function challengeOf(response: { response: { clientDataJSON: string } }): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

async function takeCeremony(db: DB, purpose: ChallengePurpose, response: { response: { clientDataJSON: string } }) {
  const challenge = challengeOf(response);
  const pending = await findChallenge(db, purpose, challenge);
  if (!pending || !challenge || !(await consumeChallenge(db, pending.id))) return null;
  return { userId: pending.userId, challenge };
}

export async function addPasskey(db: DB, userId: string, name: string, response: RegistrationResponseJSON, now = new Date()) {
  const ceremony = await takeCeremony(db, 'passkey-register', response);
  if (!ceremony || ceremony.userId !== userId) return false;
  const { rpID, origin } = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    logger.warn({ event: 'admin.passkey.register_refused', error: String(error) }, 'Passkey registration refused');
    return null;
  });
  if (!verification?.verified) return false;
  const { credential } = verification.registrationInfo;
  await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      name,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .execute();
  return true;
}

/** Options for a sign-in (any account's discoverable passkey) or a step-up (this account's). */
export async function authenticationOptions(
  db: DB,
  purpose: 'passkey-sign-in' | 'passkey-step-up',
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = userId
    ? await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute()
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: 'required',
    allowCredentials: allow.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
  });
  await createChallenge(db, { purpose, userId, data: {}, ttlMs: CEREMONY_TTL_MS, token: options.challenge });
  return options;
}

/** The account a passkey assertion proves, or null; its signature counter is kept. */
export async function verifyPasskey(
  db: DB,
  purpose: 'passkey-sign-in' | 'passkey-step-up',
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<string | null> {
  const ceremony = await takeCeremony(db, purpose, response);
  if (!ceremony) return null;
  const stored = await db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'public_key', 'counter', 'transports'])
    .where('id', '=', response.id)
    .executeTakeFirst();
  // A step-up is for the signed-in account: another account's passkey proves nothing here.
  if (!stored || (ceremony.userId !== null && ceremony.userId !== stored.user_id)) return null;
  const { rpID, origin } = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: stored.id,
      publicKey: Buffer.from(stored.public_key, 'base64url'),
      counter: Number(stored.counter),
      transports: JSON.parse(stored.transports) as string[],
    },
  }).catch((error: unknown) => {
    logger.warn({ event: 'admin.passkey.refused', error: String(error) }, 'Passkey assertion refused');
    return null;
  });
  if (!verification?.verified) return null;
  await db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now.toISOString() })
    .where('id', '=', stored.id)
    .execute();
  return stored.user_id;
}
