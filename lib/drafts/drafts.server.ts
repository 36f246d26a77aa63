import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { addressKey } from '../http/address-key';
import { HIDDEN } from '../leads/fields';
import { addNotifications } from '../notifications/outbox.server';
import { deleteNotificationsOf } from '../retention/erase.server';
import { cleanDraftValues, DRAFT_DAYS, type DraftStep, type DraftValues } from './draft-values';
import { resumeMessage } from './resume-message';

/**
 * 'Save and finish later' (issue 19): an unfinished application saved on the server with the
 * visitor's e-mail address. Like the admin's invitations (lib/team/invites.server.ts), the resume
 * link carries a random 256-bit token and the table keeps only its SHA-256; the e-mail with the
 * link is an outbox notification of subject 'draft', added in the draft's own transaction and
 * deleted with it, so the clear token does not outlive the draft. Everything is in the database:
 * any instance opens a link another saved.
 */

export interface DraftToSave {
  email: string;
  values: DraftValues;
  step: DraftStep;
  /** The token of the draft this visitor saved before (kept in their tab): saving again replaces it. */
  previousToken?: string;
  clientAddress: string;
  siteUrl: string;
}

/** New drafts one address may save per window (each sends an e-mail to any address typed). */
export interface DraftLimits {
  perAddress: number;
  windowMinutes: number;
}

export type SaveDraftResult = { ok: true; id: string; token: string; expiresAt: Date } | { ok: false; reason: 'limited' };

export interface SavedDraft {
  id: string;
  email: string;
  values: DraftValues;
  step: DraftStep;
}

/** A saved draft as the admin lists it: no field values, only who and how far. */
export interface UnfinishedApplication {
  id: string;
  email: string;
  step: DraftStep;
  consent: boolean;
  updatedAt: string;
  expiresAt: string;
}

/** Saving the same draft again within this time is refused: a double press sends one e-mail. */
const RESAVE_SECONDS = 20;

export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * PostgreSQL: two saves from one address on two instances would each count the other's draft out.
 * An advisory lock per address, held until commit, makes them take turns. SQLite has one writer.
 */
async function oneAtATimePerAddress(trx: DB, address: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('clp.draft_address'), hashtext(${address}))`.execute(trx);
}

/** Saves a draft and queues its resume link, inside the caller's transaction. */
export async function saveDraft(trx: DB, draft: DraftToSave, limits: DraftLimits, now = new Date()): Promise<SaveDraftResult> {
  const stamp = now.toISOString();
  // What the limit counts by, and all that is kept of the address: an IPv6 /64 counts as one.
  const address = addressKey(draft.clientAddress).slice(0, 64);
  await oneAtATimePerAddress(trx, address);
  const previous = draft.previousToken
    ? await trx
        .selectFrom('application_drafts')
        .select(['id', 'updated_at'])
        .where('token_hash', '=', hashToken(draft.previousToken))
        .where('expires_at', '>', stamp)
        .executeTakeFirst()
    : undefined;
  if (previous) {
    if (previous.updated_at > new Date(now.getTime() - RESAVE_SECONDS * 1000).toISOString())
      return { ok: false, reason: 'limited' };
  } else {
    const since = new Date(now.getTime() - limits.windowMinutes * 60_000).toISOString();
    const recent = await trx
      .selectFrom('application_drafts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_address', '=', address)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= limits.perAddress) return { ok: false, reason: 'limited' };
  }

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DRAFT_DAYS * 86_400_000);
  const values = cleanDraftValues(draft.values);
  const row = {
    token_hash: hashToken(token),
    email: normalEmail(draft.email),
    field_values: JSON.stringify(values),
    step: draft.step,
    consent: values[HIDDEN.consent] === 'yes' ? 1 : 0,
    updated_at: stamp,
    expires_at: expiresAt.toISOString(),
  };
  let id: string;
  if (previous) {
    id = previous.id;
    // The earlier link stops working: its e-mail (with the clear token) goes with it.
    await deleteNotificationsOf(trx, 'draft', [id]);
    await trx.updateTable('application_drafts').set(row).where('id', '=', id).execute();
  } else {
    id = newId();
    await trx
      .insertInto('application_drafts')
      .values({ ...row, id, client_address: address, created_at: stamp })
      .execute();
  }
  const link = `${draft.siteUrl}/apply?resume=${token}`;
  await addNotifications(trx, [
    {
      subject: { type: 'draft', id },
      channel: 'email',
      recipient: 'visitor',
      payload: resumeMessage({ email: row.email, link, expiresAt }),
      at: now,
    },
  ]);
  return { ok: true, id, token, expiresAt };
}

/** The live draft a resume link's token opens, or null (unknown, expired or submitted). */
export async function findDraft(db: DB, token: string, now = new Date()): Promise<SavedDraft | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('application_drafts')
    .select(['id', 'email', 'field_values', 'step'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  let values: unknown = {};
  try {
    values = JSON.parse(row.field_values);
  } catch {
    // A row no one could have written: open it empty rather than fail the page.
  }
  return { id: row.id, email: row.email, values: cleanDraftValues(values), step: row.step === 1 ? 1 : 0 };
}

/** Deletes drafts and their e-mails, inside the caller's transaction; returns how many went. */
async function dropDrafts(trx: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteNotificationsOf(trx, 'draft', ids);
  const result = await trx.deleteFrom('application_drafts').where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

/**
 * A submitted application ends its drafts: the one its resume token names, and (when `email` is
 * given: the application was not judged spam) any other saved under the address it was sent with.
 */
export async function deleteSubmittedDrafts(db: DB, submitted: { token?: string; email?: string }): Promise<number> {
  const token = submitted.token && submitted.token.length <= 100 ? hashToken(submitted.token) : null;
  const email = submitted.email ? normalEmail(submitted.email) : null;
  if (!token && !email) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('application_drafts')
      .select('id')
      .where((eb) => {
        const matches = [];
        if (token) matches.push(eb('token_hash', '=', token));
        if (email) matches.push(eb('email', '=', email));
        return eb.or(matches);
      })
      .execute();
    return dropDrafts(
      trx,
      rows.map((row) => row.id),
    );
  });
}

/** Live drafts, the most recently saved first (at most `limit`), for the admin's Leads page. */
export async function listUnfinishedApplications(db: DB, now = new Date(), limit = 100): Promise<UnfinishedApplication[]> {
  const rows = await db
    .selectFrom('application_drafts')
    .select(['id', 'email', 'step', 'consent', 'updated_at', 'expires_at'])
    .where('expires_at', '>', now.toISOString())
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    step: row.step === 1 ? 1 : 0,
    consent: row.consent === 1,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
  }));
}

/** The retention job's part: drafts past their 30 days, with their e-mails. Returns how many went. */
export async function purgeExpiredDrafts(db: DB, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('application_drafts')
        .select('id')
        .where('expires_at', '<=', now.toISOString())
        .limit(500)
        .execute();
      return dropDrafts(
        trx,
        rows.map((row) => row.id),
      );
    });
    total += gone;
    if (gone < 500) return total;
  }
}
