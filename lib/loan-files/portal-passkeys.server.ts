import 'server-only';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { registrationCeremony, verifyRegistration } from '../auth/webauthn.server';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { emailKey, type LivePortalSession } from './portal-auth.server';
import {
  PASSKEY_ADD_WINDOW_MINUTES,
  PASSKEY_NAME_MAX,
  PORTAL_PASSKEYS_PER_FILE,
  REGISTER_PURPOSE,
  type PortalPasskey,
} from './portal-passkeys';
import { withinTransaction } from './transaction.server';

/**
 * A signed-in borrower's passkeys (issue 30, point 3): added from the portal page, each opens the
 * one loan file it was added on (its user handle is the file's id), listed and removed there. The
 * WebAuthn ceremonies are ../auth/webauthn.server.ts's; the sign-in with one is
 * ./portal-passkey-sign-in.server.ts. Adding one needs a recent sign-in (PASSKEY_ADD_WINDOW_MINUTES).
 */

export type AddPasskeyRefusal =
  /** The sign-in is older than PASSKEY_ADD_WINDOW_MINUTES. */
  | 'stale'
  /** The file has PORTAL_PASSKEYS_PER_FILE already. */
  | 'limit'
  /** The answer did not verify: no pending ceremony, another challenge, a refused attestation. */
  | 'invalid';

/** Whether this session may add a passkey now. */
export const signedInRecently = (session: LivePortalSession, now: Date) =>
  now.getTime() - session.signedInAt.getTime() <= PASSKEY_ADD_WINDOW_MINUTES * 60_000;

export async function listPortalPasskeys(db: DB, fileId: string): Promise<PortalPasskey[]> {
  const rows = await db
    .selectFrom('portal_passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('file_id', '=', fileId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** Removes one of the file's passkeys; false when the file has none by that id (another file's included). */
export async function removePortalPasskey(db: DB, fileId: string, id: string): Promise<boolean> {
  if (!id || id.length > 32) return false;
  const result = await db.deleteFrom('portal_passkeys').where('id', '=', id).where('file_id', '=', fileId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

async function passkeysOf(db: DB, fileId: string) {
  return db.selectFrom('portal_passkeys').select(['credential_id as id', 'transports']).where('file_id', '=', fileId).execute();
}

/**
 * The browser's options for adding a passkey to the session's file. Starting again replaces the
 * file's pending ceremony, so one answer at most can complete, and the limit holds.
 */
export async function portalPasskeyOptions(
  db: DB,
  session: LivePortalSession,
  options: { siteUrl: string; now: Date },
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON } | { ok: false; reason: 'stale' | 'limit' }> {
  if (!signedInRecently(session, options.now)) return { ok: false, reason: 'stale' };
  const existing = await passkeysOf(db, session.fileId);
  if (existing.length >= PORTAL_PASSKEYS_PER_FILE) return { ok: false, reason: 'limit' };
  const file = await db
    .selectFrom('loan_files')
    .select(['borrower_name', 'borrower_email'])
    .where('id', '=', session.fileId)
    .executeTakeFirstOrThrow();
  const ceremony = await registrationCeremony(db, {
    siteUrl: options.siteUrl,
    purpose: REGISTER_PURPOSE,
    userId: session.fileId,
    // What the device's passkey chooser shows: the borrower's own address and name.
    userName: file.borrower_email,
    userDisplayName: file.borrower_name || file.borrower_email,
    exclude: existing,
    replace: true,
  });
  return { ok: true, options: ceremony };
}

/** Adds the passkey the browser made for the session's file, named by the borrower. */
export async function addPortalPasskey(
  db: DB,
  session: LivePortalSession,
  input: { name: string; response: RegistrationResponseJSON },
  options: { siteUrl: string; now: Date },
): Promise<{ ok: true; passkey: PortalPasskey } | { ok: false; reason: AddPasskeyRefusal }> {
  const { now } = options;
  if (!signedInRecently(session, now)) return { ok: false, reason: 'stale' };
  const credential = await verifyRegistration(db, {
    siteUrl: options.siteUrl,
    purpose: REGISTER_PURPOSE,
    userId: session.fileId,
    response: input.response,
    logEvent: 'portal.passkey',
  });
  if (!credential) return { ok: false, reason: 'invalid' };
  const name = input.name.trim().slice(0, PASSKEY_NAME_MAX) || 'Passkey';
  return withinTransaction(db, async (trx) => {
    if ((await passkeysOf(trx, session.fileId)).length >= PORTAL_PASSKEYS_PER_FILE) return { ok: false, reason: 'limit' };
    const taken = await trx
      .selectFrom('portal_passkeys')
      .select('id')
      .where('credential_id', '=', credential.id)
      .executeTakeFirst();
    if (taken) return { ok: false, reason: 'invalid' };
    const file = await trx.selectFrom('loan_files').select('borrower_email').where('id', '=', session.fileId).executeTakeFirst();
    if (!file) return { ok: false, reason: 'invalid' };
    const passkey: PortalPasskey = { id: newId(), name, createdAt: now.toISOString(), lastUsedAt: null };
    await trx
      .insertInto('portal_passkeys')
      .values({
        id: passkey.id,
        file_id: session.fileId,
        credential_id: credential.id,
        public_key: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
        email_hash: emailKey(file.borrower_email),
        name,
        created_at: passkey.createdAt,
        last_used_at: null,
      })
      .execute();
    return { ok: true, passkey };
  });
}
