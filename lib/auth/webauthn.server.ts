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
import type { DB } from '../db/connect.server';
import { logger } from '../log.server';
import { consumeChallenge, createChallenge, findChallenge, type ChallengePurpose } from './challenges.server';
import { TOTP_ISSUER } from './two-factor/totp-store.server';

/**
 * The WebAuthn ceremonies behind every passkey of ours: the admin's (./two-factor/passkeys.server.ts)
 * and the borrower portal's (lib/loan-files/portal-passkeys.server.ts), each with its own table and
 * challenge purposes. The relying party is the site's own origin (SITE_URL). Each ceremony's
 * challenge is stored in auth_challenges under the challenge itself as its token, so whichever
 * instance receives the answer finds it, and a challenge is taken when used, so it answers once
 * (a replayed answer finds none). User verification is required: the device's PIN or biometric
 * besides the device itself.
 */

const CEREMONY_TTL_MS = 5 * 60_000;

function relyingParty(siteUrl: string): { rpID: string; origin: string } {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** A credential as our tables keep it: id and key base64url, transports a JSON array. */
export interface StoredCredential {
  id: string;
  publicKey: string;
  /** bigint: pg returns it as a string. */
  counter: number | string;
  transports: string;
}

type Descriptor = Pick<StoredCredential, 'id' | 'transports'>;
const descriptor = (c: Descriptor) => ({ id: c.id, transports: JSON.parse(c.transports) as string[] });

/** The user handle the authenticator keeps for `userId`, as the browser reports it (base64url). */
const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/** The challenge an authenticator signed, as the browser reported it (verified again by the library). */
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

/** Stores a ceremony's challenge until it is answered, or for CEREMONY_TTL_MS. */
async function rememberChallenge(
  db: DB,
  ceremony: { purpose: ChallengePurpose; userId: string | null; replace?: boolean },
  challenge: string,
): Promise<void> {
  const { purpose, userId, replace } = ceremony;
  await createChallenge(db, { purpose, userId, data: {}, ttlMs: CEREMONY_TTL_MS, token: challenge, replace });
}

async function takeCeremony(db: DB, purpose: ChallengePurpose, response: { response: { clientDataJSON: string } }) {
  const challenge = challengeOf(response);
  const pending = await findChallenge(db, purpose, challenge);
  if (!pending || !challenge || !(await consumeChallenge(db, pending.id))) return null;
  return { userId: pending.userId, challenge };
}

/** Options for adding a discoverable passkey to `userId`, which becomes its user handle. */
export async function registrationCeremony(
  db: DB,
  input: {
    siteUrl: string;
    purpose: ChallengePurpose;
    userId: string;
    userName: string;
    userDisplayName: string;
    /** The user's passkeys already: the browser will not make a second one on the same device. */
    exclude: Descriptor[];
    /** Starting again replaces the user's earlier pending ceremony of this purpose. */
    replace?: boolean;
  },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: relyingParty(input.siteUrl).rpID,
    userName: input.userName,
    userDisplayName: input.userDisplayName,
    userID: new TextEncoder().encode(input.userId),
    attestationType: 'none',
    excludeCredentials: input.exclude.map(descriptor),
    // Discoverable, so the sign-in asks for no name or address first; verified, so it counts as two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await rememberChallenge(db, input, options.challenge);
  return options;
}

/** The new credential, as a table keeps it, when `response` answers `userId`'s pending ceremony; else null. */
export async function verifyRegistration(
  db: DB,
  input: { siteUrl: string; purpose: ChallengePurpose; userId: string; response: RegistrationResponseJSON; logEvent: string },
): Promise<{ id: string; publicKey: string; counter: number; transports: string } | null> {
  const ceremony = await takeCeremony(db, input.purpose, input.response);
  if (!ceremony || ceremony.userId !== input.userId) return null;
  const { rpID, origin } = relyingParty(input.siteUrl);
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    logger.warn({ event: `${input.logEvent}.register_refused`, error: String(error) }, 'Passkey registration refused');
    return null;
  });
  if (!verification?.verified) return null;
  const { credential } = verification.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
  };
}

/** Options for a sign-in (`userId` null: any discoverable passkey) or a step-up (`allow`: this user's). */
export async function authenticationCeremony(
  db: DB,
  input: { siteUrl: string; purpose: ChallengePurpose; userId: string | null; allow: Descriptor[] },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(input.siteUrl).rpID,
    userVerification: 'required',
    allowCredentials: input.allow.map(descriptor),
  });
  await rememberChallenge(db, input, options.challenge);
  return options;
}

export interface ProvenCredential {
  /** Whose passkey it is: the user the caller's lookup named. */
  owner: string;
  credentialId: string;
  /** The counter it had, for a conditional update, and the one to keep. */
  counter: number;
  newCounter: number;
}

/**
 * Verifies an assertion against a pending ceremony of `purpose`: the credential is looked up by
 * `find` in the caller's table. A ceremony started for one user (a step-up) accepts only that
 * user's passkey, and a user handle the browser reports must be the owner's. The caller keeps
 * the new counter.
 */
export async function verifyAuthentication(
  db: DB,
  input: {
    siteUrl: string;
    purpose: ChallengePurpose;
    response: AuthenticationResponseJSON;
    logEvent: string;
    find: (credentialId: string) => Promise<(StoredCredential & { owner: string }) | undefined>;
  },
): Promise<ProvenCredential | null> {
  const { response } = input;
  const ceremony = await takeCeremony(db, input.purpose, response);
  if (!ceremony) return null;
  const stored = await input.find(response.id);
  if (!stored || (ceremony.userId !== null && ceremony.userId !== stored.owner)) return null;
  if (response.response.userHandle && response.response.userHandle !== userHandleOf(stored.owner)) return null;
  const { rpID, origin } = relyingParty(input.siteUrl);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: stored.id,
      publicKey: Buffer.from(stored.publicKey, 'base64url'),
      counter: Number(stored.counter),
      transports: JSON.parse(stored.transports) as string[],
    },
  }).catch((error: unknown) => {
    logger.warn({ event: `${input.logEvent}.refused`, error: String(error) }, 'Passkey assertion refused');
    return null;
  });
  if (!verification?.verified) return null;
  return {
    owner: stored.owner,
    credentialId: stored.id,
    counter: Number(stored.counter),
    newCounter: verification.authenticationInfo.newCounter,
  };
}
