import 'server-only';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DB } from '../../db/connect.server';
import { env } from '../../env.server';
import { authenticationCeremony, registrationCeremony, verifyAuthentication, verifyRegistration } from '../webauthn.server';

/**
 * The admin's passkeys (WebAuthn). A passkey proves possession of a device and, with user
 * verification required, the person's PIN or biometric on it: both factors at once. The
 * ceremonies, their challenges and the relying party are ../webauthn.server.ts's.
 */

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
  return registrationCeremony(db, {
    siteUrl: env.SITE_URL,
    purpose: 'passkey-register',
    userId: account.id,
    userName: account.email ?? account.id,
    userDisplayName: account.name || account.email || account.id,
    exclude: existing,
  });
}

export async function addPasskey(db: DB, userId: string, name: string, response: RegistrationResponseJSON, now = new Date()) {
  const credential = await verifyRegistration(db, {
    siteUrl: env.SITE_URL,
    purpose: 'passkey-register',
    userId,
    response,
    logEvent: 'admin.passkey',
  });
  if (!credential) return false;
  await db
    .insertInto('passkeys')
    .values({
      id: credential.id,
      user_id: userId,
      name,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports,
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
  return authenticationCeremony(db, { siteUrl: env.SITE_URL, purpose, userId, allow });
}

/** The account a passkey assertion proves, or null; its signature counter is kept. */
export async function verifyPasskey(
  db: DB,
  purpose: 'passkey-sign-in' | 'passkey-step-up',
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<string | null> {
  const proven = await verifyAuthentication(db, {
    siteUrl: env.SITE_URL,
    purpose,
    response,
    logEvent: 'admin.passkey',
    find: (id) =>
      db
        .selectFrom('passkeys')
        .select(['id', 'user_id as owner', 'public_key as publicKey', 'counter', 'transports'])
        .where('id', '=', id)
        .executeTakeFirst(),
  });
  if (!proven) return null;
  await db
    .updateTable('passkeys')
    .set({ counter: proven.newCounter, last_used_at: now.toISOString() })
    .where('id', '=', proven.credentialId)
    .execute();
  return proven.owner;
}
