import 'server-only';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { countLiveChallenges } from '../auth/challenges.server';
import { authenticationCeremony, verifyAuthentication } from '../auth/webauthn.server';
import type { DB } from '../db/connect.server';
import { emailKey, startPortalSession, type PortalSignIn } from './portal-auth.server';
import { withinTransaction } from './transaction.server';

/**
 * "Sign in with a passkey" on the portal (issue 30, point 3): the browser offers any discoverable
 * passkey of this site, so nobody types an address and nothing tells whether an address has a
 * loan file. A verified passkey starts a session on its file exactly as a link does
 * (startPortalSession), while the file's borrower address is still the one it was added under.
 */

export const SIGN_IN_PURPOSE = 'portal-passkey-sign-in';

/**
 * Passkey sign-ins in progress at once, across every instance. Anyone may start one, and each is a
 * row for five minutes: the cap keeps a flood of requests from filling the table.
 */
export const MAX_PENDING_SIGN_INS = 500;

/** The browser's options for a sign-in, or null while too many are in progress. */
export async function portalPasskeySignInOptions(
  db: DB,
  options: { siteUrl: string; now: Date },
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  if ((await countLiveChallenges(db, SIGN_IN_PURPOSE, options.now)) >= MAX_PENDING_SIGN_INS) return null;
  return authenticationCeremony(db, { siteUrl: options.siteUrl, purpose: SIGN_IN_PURPOSE, userId: null, allow: [] });
}

/** A new portal session for the file whose passkey answered a pending sign-in; null otherwise. */
export async function signInWithPortalPasskey(
  db: DB,
  response: AuthenticationResponseJSON,
  options: { siteUrl: string; now: Date },
): Promise<PortalSignIn | null> {
  const proven = await verifyAuthentication(db, {
    siteUrl: options.siteUrl,
    purpose: SIGN_IN_PURPOSE,
    response,
    logEvent: 'portal.passkey',
    find: (id) =>
      db
        .selectFrom('portal_passkeys')
        .select(['credential_id as id', 'file_id as owner', 'public_key as publicKey', 'counter', 'transports'])
        .where('credential_id', '=', id)
        .executeTakeFirst(),
  });
  if (!proven) return null;
  return withinTransaction(db, async (trx) => {
    const passkey = await trx
      .selectFrom('portal_passkeys')
      .innerJoin('loan_files', 'loan_files.id', 'portal_passkeys.file_id')
      .select(['portal_passkeys.id', 'portal_passkeys.email_hash', 'loan_files.borrower_email'])
      .where('portal_passkeys.credential_id', '=', proven.credentialId)
      .executeTakeFirst();
    // The broker changed the file's address (a file given to the wrong person): its passkeys stop.
    if (!passkey || emailKey(passkey.borrower_email) !== passkey.email_hash) return null;
    // Of two sign-ins racing with one authenticator's counter, only the first to move it wins.
    const kept = await trx
      .updateTable('portal_passkeys')
      .set({ counter: proven.newCounter, last_used_at: options.now.toISOString() })
      .where('id', '=', passkey.id)
      .where('counter', '=', proven.counter)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) !== 1) return null;
    return startPortalSession(trx, proven.owner, options.now);
  });
}
