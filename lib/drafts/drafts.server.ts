import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { open, seal } from '../auth/secret-box.server';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { addressKey } from '../http/address-key';
import { HIDDEN } from '../leads/fields';
import { addNotifications } from '../notifications/outbox.server';
import { officerForSlug } from '../officers/profiles.server';
import { signatureOf } from '../officers/signature.server';
import { deleteNotificationsOf } from '../retention/erase.server';
import { cleanDraftValues, DRAFT_DAYS, type DraftStep, type DraftValues } from './draft-values';
import { resumeMessage } from './resume-message';
import {
  heldResumeMail,
  purgeResumeMailLog,
  recordResumeMail,
  type MailHeld,
  type ResumeMailLimits,
} from './resume-mail-limits.server';
import type { UnfinishedApplication } from './types';

/**
 * 'Save and finish later' (issue 19): an unfinished application saved on the server with the
 * visitor's e-mail address. Like the admin's invitations (lib/team/invites.server.ts), the resume
 * link carries a random 256-bit token and the table keeps only its SHA-256; the e-mail with the
 * link is an outbox notification of subject 'draft', added in the draft's own transaction with the
 * token sealed at rest and dropped once sent (the outbox's `secret`, ADR 028), and deleted with
 * the draft. Everything is in the database: any instance opens a link another saved. How many
 * resume e-mails go out is limited (./resume-mail-limits.server.ts); past a limit the draft is
 * still saved, without an e-mail.
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

/**
 * New drafts one client address may save per window (each sends an e-mail to any address typed),
 * and the resume e-mails allowed in any 24 hours.
 */
export interface DraftLimits extends ResumeMailLimits {
  perAddress: number;
  windowMinutes: number;
}

interface SavedDraftRef {
  id: string;
  /** What opens the draft now: a new token when its e-mail was sent, else the one it had. */
  token: string;
  expiresAt: Date;
}

/**
 * Saved, with its link e-mailed; or saved without an e-mail because a limit held it (`held`): a
 * draft saved again then keeps its token and address, so the link sent before still opens it,
 * with the new values. Refused (nothing saved): a double press, or too many new drafts from one
 * client address.
 */
export type SaveDraftResult =
  | (SavedDraftRef & { ok: true; mailed: true })
  | (SavedDraftRef & { ok: true; mailed: false; held: MailHeld })
  | { ok: false; reason: 'limited' };

export interface SavedDraft {
  id: string;
  email: string;
  values: DraftValues;
  step: DraftStep;
}

/** Saving the same draft again within this time is refused: a double press sends one e-mail. */
const RESAVE_SECONDS = 20;

export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * PostgreSQL: two saves on two instances would each count without the other's draft or e-mail
 * (the client address's new drafts, a draft's or a recipient's e-mails, the day's). One advisory
 * lock, held until commit, makes every save take its turn: saves come at a person's pace, and
 * each holds it for a few short queries. SQLite has one writer.
 */
async function oneSaveAtATime(trx: DB): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('clp.draft_save'))`.execute(trx);
}

/** Saves a draft and queues its resume link when the limits allow, inside the caller's transaction. */
export async function saveDraft(trx: DB, draft: DraftToSave, limits: DraftLimits, now = new Date()): Promise<SaveDraftResult> {
  const stamp = now.toISOString();
  // What the limit counts by, and all that is kept of the address: an IPv6 /64 counts as one.
  const address = addressKey(draft.clientAddress).slice(0, 64);
  await oneSaveAtATime(trx);
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

  const email = normalEmail(draft.email);
  const held = await heldResumeMail(trx, { draftId: previous?.id, email }, limits, now);
  const expiresAt = new Date(now.getTime() + DRAFT_DAYS * 86_400_000);
  const values = cleanDraftValues(draft.values);
  const content = {
    step: draft.step,
    consent: values[HIDDEN.consent] === 'yes' ? 1 : 0,
    updated_at: stamp,
    expires_at: expiresAt.toISOString(),
  };
  if (previous && held) {
    // No new e-mail: the link sent before (to the address it went to) opens the saved changes.
    await trx
      .updateTable('application_drafts')
      .set({ ...content, field_values: sealValues(previous.id, values) })
      .where('id', '=', previous.id)
      .execute();
    return { ok: true, mailed: false, held, id: previous.id, token: draft.previousToken!, expiresAt };
  }

  const token = randomBytes(32).toString('base64url');
  const row = { ...content, token_hash: hashToken(token), email };
  let id: string;
  if (previous) {
    id = previous.id;
    // The earlier link stops working: its e-mail (with the clear token) goes with it.
    await deleteNotificationsOf(trx, 'draft', [id]);
    await trx
      .updateTable('application_drafts')
      .set({ ...row, field_values: sealValues(id, values) })
      .where('id', '=', id)
      .execute();
  } else {
    id = newId();
    await trx
      .insertInto('application_drafts')
      .values({ ...row, id, field_values: sealValues(id, values), client_address: address, created_at: stamp })
      .execute();
  }
  // A new draft past a limit is kept all the same: what the visitor typed is not lost, and this
  // tab (or page) holds its token.
  if (held) return { ok: true, mailed: false, held, id, token, expiresAt };

  const link = `${draft.siteUrl}/apply?resume=${token}`;
  // Begun from an officer's profile: the e-mail is signed by that officer (issue 31).
  const officer = values[HIDDEN.officer];
  const signature = officer ? await signatureOf(trx, await officerForSlug(trx, officer)) : null;
  await addNotifications(trx, [
    {
      subject: { type: 'draft', id },
      channel: 'email',
      recipient: 'visitor',
      payload: resumeMessage({ email, link, expiresAt, signature }),
      // The token opens the visitor's answers: sealed at rest, dropped once sent.
      secret: token,
      at: now,
    },
  ]);
  await recordResumeMail(trx, { draftId: id, email }, now);
  return { ok: true, mailed: true, id, token, expiresAt };
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
  return { id: row.id, email: row.email, values: openValues(row.id, row.field_values), step: row.step === 1 ? 1 : 0 };
}

/**
 * A draft's answers (income, assets, the credit score) are sealed at rest with SECRET_KEY, bound to
 * the draft's id, like a lead's (lib/leads/sealed-fields.server.ts): only the resume link's token
 * finds the row, and only the key opens what it holds.
 */
export const valuesContext = (id: string) => `draft-values:${id}`;

function sealValues(id: string, values: DraftValues): string {
  return seal(JSON.stringify(values), valuesContext(id));
}

/** The answers of a stored draft: sealed, or plain JSON when saved before sealing; empty when unreadable. */
export function openValues(id: string, stored: string): DraftValues {
  const text = stored.startsWith('{') ? stored : open(stored, valuesContext(id));
  try {
    return cleanDraftValues(text === null ? {} : JSON.parse(text));
  } catch {
    // A row no one could have written: open it empty rather than fail the page.
    return {};
  }
}

/** Seals the answers of drafts saved before sealing (run once at start-up, lib/setup/); returns how many. */
export async function sealStoredDraftValues(db: DB): Promise<number> {
  const rows = await db
    .selectFrom('application_drafts')
    .select(['id', 'field_values'])
    .where('field_values', 'like', '{%')
    .execute();
  let sealed = 0;
  for (const row of rows) {
    const result = await db
      .updateTable('application_drafts')
      .set({ field_values: sealValues(row.id, openValues(row.id, row.field_values)) })
      .where('id', '=', row.id)
      .where('field_values', '=', row.field_values)
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}

/** Deletes drafts and their e-mails, inside the caller's transaction; returns how many went. */
async function dropDrafts(trx: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteNotificationsOf(trx, 'draft', ids);
  const result = await trx.deleteFrom('application_drafts').where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

/**
 * A submitted application ends the draft it was resumed from: the one whose token it carries
 * (kept in the visitor's tab or page). Never by the e-mail address it names, which anyone can type.
 */
export async function deleteSubmittedDraft(db: DB, token: string | undefined): Promise<number> {
  if (!token || token.length > 100) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('application_drafts').select('id').where('token_hash', '=', hashToken(token)).execute();
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

/**
 * The retention job's part: drafts past their 30 days, with their e-mails, and the log of resume
 * e-mails past the day its limits count. Returns how many drafts went.
 */
export async function purgeExpiredDrafts(db: DB, now: Date): Promise<number> {
  await purgeResumeMailLog(db, now);
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
