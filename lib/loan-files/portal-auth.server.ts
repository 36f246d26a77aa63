import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { normalEmail, queueFileMail } from './mail.server';
import { signInMessage } from './messages';
import { withinTransaction } from './transaction.server';

/**
 * The borrower's sign-in to the portal (issue 30, point 3): a one-time link e-mailed to the
 * address on their loan file, then a session. Like the admin's sessions, links and sessions carry
 * random 256-bit tokens and the tables keep only their SHA-256; the link's token is sealed in the
 * outbox until sent (ADR 028). Asking for a link never tells whether an address has a file.
 */

export const SIGN_IN_LINK_MINUTES = 30;
/** Links one address may be sent per hour: beyond, a request is answered the same and sends nothing. */
export const SIGN_IN_LINKS_PER_HOUR = 5;
export const PORTAL_SESSION_HOURS = 12;

const HOUR_MS = 3_600_000;
const newToken = () => randomBytes(32).toString('base64url');
/** What the limit counts by, and all a link (or a passkey) row keeps of the address. */
export const emailKey = (email: string) => hashToken(normalEmail(email));

/**
 * PostgreSQL: two requests for one address on two instances would each count without the other's
 * link. An advisory lock per address, held until commit, makes the second wait and count the
 * first's. SQLite has one writer.
 */
async function oneRequestAtATime(trx: DB, key: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('clp.portal_link'), hashtext(${key}))`.execute(trx);
}

async function linksSentWithinHour(trx: DB, key: string, now: Date): Promise<number> {
  const row = await trx
    .selectFrom('portal_links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('email_hash', '=', key)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sends a sign-in link to `email` when a loan file's borrower has that address (any case) and the
 * address has had fewer than SIGN_IN_LINKS_PER_HOUR links in the last hour. Returns nothing
 * whatever happened, so the page can only say "if this address has a loan file, a link is on its
 * way". A borrower with several files signs in to the newest.
 */
export async function requestSignInLink(db: DB, email: string, options: { siteUrl: string; now?: Date }): Promise<void> {
  const address = normalEmail(email);
  if (!address.includes('@') || address.length > 254) return;
  const now = options.now ?? new Date();
  const key = emailKey(address);
  await withinTransaction(db, async (trx) => {
    await oneRequestAtATime(trx, key);
    if ((await linksSentWithinHour(trx, key, now)) >= SIGN_IN_LINKS_PER_HOUR) return;
    const file = await trx
      .selectFrom('loan_files')
      .select('id')
      .where('borrower_email', '=', address)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!file) return;
    const token = newToken();
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    await trx
      .insertInto('portal_links')
      .values({
        id: newId(),
        file_id: file.id,
        token_hash: hashToken(token),
        email_hash: key,
        expires_at: expiresAt.toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    const link = `${options.siteUrl}/portal/sign-in?token=${token}`;
    // The token signs in to the borrower's file: sealed at rest, dropped once sent.
    await queueFileMail(trx, file.id, signInMessage({ to: address, link, expiresAt }), now, token);
  });
}

export interface PortalSignIn {
  /** For the session cookie: the table keeps only its hash. */
  sessionToken: string;
  fileId: string;
  expiresAt: Date;
}

/**
 * Signs in with a link's token: once, before it expires, and only while the file's borrower
 * address is still the one the link was sent to. Returns the new session, or null.
 */
export async function redeemSignInLink(db: DB, token: string, now = new Date()): Promise<PortalSignIn | null> {
  if (!token || token.length > 100) return null;
  const stamp = now.toISOString();
  return withinTransaction(db, async (trx) => {
    const link = await trx
      .selectFrom('portal_links')
      .select(['id', 'file_id', 'email_hash'])
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', stamp)
      .executeTakeFirst();
    if (!link) return null;
    // Of two requests with one link, only the one whose update finds it unused signs in.
    const spent = await trx
      .updateTable('portal_links')
      .set({ used_at: stamp })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
    const file = await trx.selectFrom('loan_files').select('borrower_email').where('id', '=', link.file_id).executeTakeFirst();
    if (!file || emailKey(file.borrower_email) !== link.email_hash) return null;
    return startPortalSession(trx, link.file_id, now);
  });
}

/** A new session on a loan file, for a sign-in already proven (a link, a passkey). */
export async function startPortalSession(db: DB, fileId: string, now: Date): Promise<PortalSignIn> {
  const sessionToken = newToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_HOURS * HOUR_MS);
  await db
    .insertInto('portal_sessions')
    .values({
      id: newId(),
      token_hash: hashToken(sessionToken),
      file_id: fileId,
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { sessionToken, fileId, expiresAt };
}

export interface LivePortalSession {
  fileId: string;
  /** When the borrower signed in: adding a passkey needs a recent sign-in. */
  signedInAt: Date;
}

/** A live portal session's loan file and sign-in time, or null. */
export async function livePortalSession(db: DB, sessionToken: string, now = new Date()): Promise<LivePortalSession | null> {
  if (!sessionToken || sessionToken.length > 100) return null;
  const row = await db
    .selectFrom('portal_sessions')
    .innerJoin('loan_files', 'loan_files.id', 'portal_sessions.file_id')
    .select(['portal_sessions.file_id', 'portal_sessions.created_at'])
    .where('portal_sessions.token_hash', '=', hashToken(sessionToken))
    .where('portal_sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { fileId: row.file_id, signedInAt: new Date(row.created_at) } : null;
}

/** The loan file a live portal session is signed in to, or null. */
export async function portalSession(db: DB, sessionToken: string, now = new Date()): Promise<string | null> {
  return (await livePortalSession(db, sessionToken, now))?.fileId ?? null;
}

/** Signs out: the session's row is deleted. */
export async function endPortalSession(db: DB, sessionToken: string): Promise<void> {
  if (!sessionToken || sessionToken.length > 100) return;
  await db.deleteFrom('portal_sessions').where('token_hash', '=', hashToken(sessionToken)).execute();
}

/**
 * For the retention job: sessions past their end, and links past the hour the limit counts
 * (a link expires sooner, but is counted for its hour). Returns how many rows went.
 */
export async function purgeExpiredPortalAccess(db: DB, now: Date): Promise<number> {
  const sessions = await db.deleteFrom('portal_sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  const links = await db
    .deleteFrom('portal_links')
    .where('created_at', '<=', new Date(now.getTime() - HOUR_MS).toISOString())
    .where('expires_at', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(sessions.numDeletedRows) + Number(links.numDeletedRows);
}
