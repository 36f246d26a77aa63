import { existsSync, readFileSync } from 'node:fs';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { readDocument, storeDocument } from '../../lib/documents/store.server';
import { deleteLead } from '../../lib/leads/admin/mutations.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { sendBuilderLink, updateBuilder } from '../../lib/loan-files/builder.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { markUploaded, rejectItem } from '../../lib/loan-files/items.server';
import { setMilestone } from '../../lib/loan-files/milestone-changes.server';
import { redeemSignInLink, requestSignInLink } from '../../lib/loan-files/portal-auth.server';
import { loanFile } from '../../lib/loan-files/queries.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { itemOwner } from '../../lib/loan-files/upload-access.server';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { personEmailSchema } from '../../lib/privacy/email-match';
import { DOCUMENT_CONTENT_NOTE, exportPersonData } from '../../lib/privacy/export.server';
import { runDailyRetention } from '../../lib/retention/daily-job.server';
import { deleteLeadsById } from '../../lib/retention/erase.server';
import { daysBefore, monthsBefore } from '../../lib/time/calendar';
import { scanDatabase } from '../support/database-scan';
import { testEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { tempPostgres, tempSqlite } from '../support/temp-db';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
});

/**
 * Loan files and their encrypted documents (issue 30, point 6) under the machinery that disposes of
 * a person's data: the admin's 'Delete lead', a privacy request's export and deletion, and the
 * daily retention job, which also sweeps spent portal sign-ins and uploads a crash left unfinished.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const engines = testEngines<{ db: DB; path: string | null; cleanup: () => Promise<void> }>(
  async () => tempSqlite(),
  async (url) => ({ ...(await tempPostgres(url)), path: null }),
);

const SITE = 'https://loans.example.com';
const MiB = 1024 * 1024;
const MARKER = 'CLP-ERASE-MARKER-7d2a';
const PERSON = 'Quill.Zephyr@Example.org';
/** The person's address standing on its own, in any case, or the marker. */
const holdsPerson = (text: string) =>
  text.includes(MARKER) || /(?<![\p{L}\p{N}._%+'-])quill\.zephyr@example\.org(?![\p{L}\p{N}_-])/iu.test(text);

const AT = new Date('2026-02-01T10:00:00.000Z');
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

function application(name: string, email: string, propertyAddress: string): NewLead {
  return {
    kind: 'application',
    fields: { ...fullApplication, borrowerName: name, email, propertyAddress, builderStatus: 'have-builder' },
    page: '/apply',
    consent: true,
    spamReason: null,
    clientAddress: '198.51.100.7',
    userAgent: 'test',
  };
}

/** A PDF of `size` bytes with the marker all through it. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, `${MARKER} `)]);
}

async function* streamOf(bytes: Buffer, piece = 256 * 1024): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += piece) yield bytes.subarray(offset, offset + piece);
}

async function contentOf(db: DB, id: string): Promise<Buffer | null> {
  const read = await readDocument(db, id);
  if (!read) return null;
  const pieces: Buffer[] = [];
  for await (const piece of read.content) pieces.push(piece);
  return Buffer.concat(pieces);
}

interface Opened {
  leadId: string;
  file: LoanFile;
  documentId: string;
  content: Buffer;
}

/**
 * A lead with its loan file as the portal leaves it: a builder, a multi-chunk document uploaded to
 * the first borrower item and rejected with a reason, a milestone reached (with its e-mail), and a
 * borrower signed in to the portal. The document's name and bytes carry `mark`.
 */
async function openedFile(
  db: DB,
  who: { name: string; email: string; mark: string; builderEmail?: string },
  at = AT,
): Promise<Opened> {
  const { id: leadId } = await recordLead(db, application(who.name, who.email, `12 Oak Lane ${who.mark}, Boise`), at);
  const { file } = await openLoanFile(db, leadId, { by: 'admin', now: at });
  await updateBuilder(db, file.id, { name: 'Acme Homes', email: who.builderEmail ?? 'office@acme.example', license: 'ID-1' }, at);
  await sendBuilderLink(db, file.id, { siteUrl: SITE, now: at });
  const item = file.items.find((i) => i.owedBy === 'borrower')!;
  const content = Buffer.concat([pdf(2.5 * MiB), Buffer.from(who.mark)]);
  const stored = await storeDocument(db, {
    owner: itemOwner(item.id),
    name: `${who.mark} bank statement.pdf`,
    uploadedBy: `borrower:${file.id}`,
    source: streamOf(content),
    now: minutes(at, 1),
  });
  if (!stored.ok) throw new Error(stored.message);
  await markUploaded(db, item.id, minutes(at, 1));
  await rejectItem(db, item.id, 'Page 2 is missing', { siteUrl: SITE, by: 'admin', now: minutes(at, 2) });
  await setMilestone(db, file.id, 'pre-qualified', { by: 'admin', notify: true, siteUrl: SITE, now: minutes(at, 3) });
  await requestSignInLink(db, who.email, { siteUrl: SITE, now: minutes(at, 4) });
  const token = await lastSignInToken(db, file.id);
  expect(await redeemSignInLink(db, token, minutes(at, 5))).not.toBeNull();
  return { leadId, file: (await loanFile(db, file.id))!, documentId: stored.document.id, content };
}

async function lastSignInToken(db: DB, fileId: string): Promise<string> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'payload', 'sealed_secret', 'recipient'])
    .where('subject_type', '=', 'loan-file')
    .where('subject_id', '=', fileId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const { text } = (payloadToSend(row) as { payload: NotificationMessage }).payload;
    const token = /\/portal\/sign-in\?token=([\w-]+)/.exec(text)?.[1];
    if (token) return token;
  }
  throw new Error('no sign-in link');
}

const LOAN_TABLES = ['loan_files', 'loan_file_items', 'loan_file_milestones', 'portal_links', 'portal_sessions'] as const;

/** How many rows of a file each of its tables holds, with its documents' and e-mails'. */
async function rowsOf(db: DB, opened: Opened) {
  const fileId = opened.file.id;
  const counts: Record<string, number> = {};
  for (const table of LOAN_TABLES)
    counts[table] = (
      await db
        .selectFrom(table)
        .select('id')
        .where(table === 'loan_files' ? 'id' : 'file_id', '=', fileId)
        .execute()
    ).length;
  const owners = opened.file.items.map((item) => itemOwner(item.id));
  counts.documents = (await db.selectFrom('documents').select('id').where('owner', 'in', owners).execute()).length;
  counts.document_chunks = (
    await db.selectFrom('document_chunks').select('seq').where('document_id', '=', opened.documentId).execute()
  ).length;
  counts.notifications = (
    await db
      .selectFrom('notifications')
      .select('id')
      .where('subject_type', '=', 'loan-file')
      .where('subject_id', '=', fileId)
      .execute()
  ).length;
  return counts;
}

const gone = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);

describe.each(engines)('loan files under deletion, privacy requests and retention on %s', (_engine, openEngine) => {
  async function database(): Promise<{ db: DB; path: string | null }> {
    const handle = await openEngine();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle;
  }

  it("the admin's 'Delete lead' takes its loan file, documents and e-mails in the same transaction", async () => {
    const { db } = await database();
    const jane = await openedFile(db, { name: 'Jane Roe', email: 'jane@example.com', mark: 'JANE' });
    const other = await openedFile(db, { name: 'Olga Other', email: 'olga@example.com', mark: 'OLGA' });
    const before = await rowsOf(db, jane);
    expect(before).toMatchObject({
      loan_files: 1,
      portal_links: 1,
      portal_sessions: 1,
      documents: 1,
      document_chunks: Math.ceil((2.5 * MiB + 'mark'.length) / CHUNK_BYTES),
    });
    expect(before.notifications).toBeGreaterThanOrEqual(4);

    // Rolled back with the lead: a failure after the cascade leaves the whole file, document and all.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await deleteLeadsById(trx, [jane.leadId])).toMatchObject({ leads: 1, loanFiles: 1, documents: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf(db, jane)).toEqual(before);
    expect((await contentOf(db, jane.documentId))!.equals(jane.content)).toBe(true);

    expect(await deleteLead(db, jane.leadId)).toBe(true);
    expect(gone(await rowsOf(db, jane))).toBe(true);
    expect(await contentOf(db, jane.documentId)).toBeNull();
    // The other borrower's file is untouched.
    expect(await loanFile(db, other.file.id)).toEqual(other.file);
    expect((await contentOf(db, other.documentId))!.equals(other.content)).toBe(true);
  });

  it("exports the person's loan file and lists its documents, without their content or anyone else's file", async () => {
    const { db } = await database();
    const quill = await openedFile(db, { name: 'Quill Zephyr', email: PERSON, mark: MARKER });
    await openedFile(db, { name: 'Olga Other', email: 'olga@example.com', mark: 'OLGA' });

    const data = await exportPersonData(db, personEmailSchema.parse(PERSON));
    expect(data.counts).toMatchObject({ leads: 1, loanFiles: 1, documents: 1 });
    expect(data.loanFiles).toHaveLength(1);
    const [file] = data.loanFiles;
    expect(file).toMatchObject({
      id: quill.file.id,
      leadId: quill.leadId,
      borrower: { name: 'Quill Zephyr', email: PERSON.toLowerCase() },
      propertyAddress: `12 Oak Lane ${MARKER}, Boise`,
      builder: { name: 'Acme Homes', email: 'office@acme.example', license: 'ID-1' },
      milestone: 'pre-qualified',
    });
    expect(file!.history.map((h) => h.milestone)).toEqual(['application-received', 'pre-qualified']);
    expect(file!.items.map((item) => item.label)).toEqual(quill.file.items.map((item) => item.label));
    const rejected = file!.items.find((item) => item.documents.length > 0)!;
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: 'Page 2 is missing' });
    expect(rejected.documents).toEqual([
      {
        id: quill.documentId,
        name: `${MARKER} bank statement.pdf`,
        contentType: 'application/pdf',
        size: quill.content.length,
        scan: 'unscanned',
        uploadedBy: `borrower:${quill.file.id}`,
        createdAt: minutes(AT, 1).toISOString(),
      },
    ]);
    expect(data.documentContents).toBe(DOCUMENT_CONTENT_NOTE);
    // The person's e-mails from the file are theirs too: the sign-in link's, the rejection's, the milestone's.
    expect(data.notifications.filter((n) => n.subject_type === 'loan-file').length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(data);
    expect(text).not.toContain(quill.content.subarray(0, 64).toString('base64'));
    for (const foreign of ['olga@example.com', 'Olga Other', 'OLGA']) expect(text, foreign).not.toContain(foreign);
  });

  it('deletes the person with their loan file and document so that no table holds the marker', async () => {
    const { db, path } = await database();
    const quill = await openedFile(db, { name: 'Quill Zephyr', email: PERSON, mark: MARKER });
    // Someone else's file names the person as its builder: it stays, without the address.
    const olga = await openedFile(db, { name: 'Olga Other', email: 'olga@example.com', mark: 'OLGA', builderEmail: PERSON });
    const sample = (
      await db
        .selectFrom('document_chunks')
        .select('data')
        .where('document_id', '=', quill.documentId)
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow()
    ).data;
    // Pieces of the document's ciphertext, every 50 kB (one may straddle a page's edge in the file).
    // 64-byte pieces from all through the chunk (never past its end: an empty piece is in every file).
    const step = Math.floor((sample.length - 64) / 19);
    const ciphertext = Array.from({ length: 20 }, (_, i) => Buffer.from(sample).subarray(i * step, i * step + 64));
    const holdsCiphertext = (bytes: Buffer) => ciphertext.some((piece) => bytes.includes(piece));
    expect((await contentOf(db, quill.documentId))!.includes(MARKER)).toBe(true);
    const before = new Set((await scanDatabase(db, holdsPerson)).hits.map((h) => h.table));
    for (const table of ['leads', 'loan_files', 'notifications']) expect(before.has(table), table).toBe(true);
    const databaseFiles = () => (path ? [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)) : []);
    // The document's ciphertext is in the SQLite files, so its absence below means something.
    if (path) expect(databaseFiles().some(holdsCiphertext)).toBe(true);

    const counts = await deletePersonData(db, personEmailSchema.parse(PERSON));

    expect(counts).toMatchObject({ leads: 1, loanFiles: 1, documents: 1, mentions: expect.any(Number) });
    expect(counts.mentions).toBeGreaterThanOrEqual(2);
    const after = await scanDatabase(db, holdsPerson);
    expect(after.tables).toEqual(expect.arrayContaining([...LOAN_TABLES, 'documents', 'document_chunks']));
    expect(after.hits).toEqual([]);
    expect(gone(await rowsOf(db, quill))).toBe(true);
    expect(await contentOf(db, quill.documentId)).toBeNull();
    for (const bytes of databaseFiles()) {
      expect(holdsCiphertext(bytes)).toBe(false);
      expect(holdsPerson(bytes.toString('latin1'))).toBe(false);
    }

    // The other borrower's file stays whole, its builder's address cut out.
    const kept = await loanFile(db, olga.file.id);
    expect(kept).toMatchObject({ builder: { name: 'Acme Homes', email: '[e-mail deleted]' }, items: olga.file.items });
    expect((await contentOf(db, olga.documentId))!.equals(olga.content)).toBe(true);
    expect((await exportPersonData(db, personEmailSchema.parse(PERSON))).counts).toMatchObject({
      leads: 0,
      loanFiles: 0,
      documents: 0,
      mentions: 0,
    });
  });

  it("the daily job deletes an expired lead's file with its documents, spent portal sign-ins and unfinished uploads", async () => {
    const { db } = await database();
    const now = new Date('2028-02-02T12:00:00.000Z');
    const expired = await openedFile(db, { name: 'Old Borrower', email: 'old@example.com', mark: 'OLD' });
    const fresh = await openedFile(db, { name: 'New Borrower', email: 'new@example.com', mark: 'NEW' }, monthsBefore(now, 1));
    // As old a lead, but its file is in use (a build's draws run long after the application): kept.
    const busy = await openedFile(db, { name: 'Busy Borrower', email: 'busy@example.com', mark: 'BUSY' });
    await setMilestone(db, busy.file.id, 'draw-3', { by: 'admin', notify: false, siteUrl: SITE, now: monthsBefore(now, 3) });
    // The fresh file's borrower signed in 14 hours ago (link and session spent since), and again 5 minutes ago.
    await requestSignInLink(db, 'new@example.com', { siteUrl: SITE, now: minutes(now, -14 * 60) });
    await redeemSignInLink(db, await lastSignInToken(db, fresh.file.id), minutes(now, -14 * 60 + 1));
    await requestSignInLink(db, 'new@example.com', { siteUrl: SITE, now: minutes(now, -10) });
    await redeemSignInLink(db, await lastSignInToken(db, fresh.file.id), minutes(now, -5));
    const access = async () => ({
      links: (await db.selectFrom('portal_links').select('id').where('file_id', '=', fresh.file.id).execute()).length,
      sessions: (await db.selectFrom('portal_sessions').select('id').where('file_id', '=', fresh.file.id).execute()).length,
    });
    expect(await access()).toEqual({ links: 3, sessions: 3 });
    // Two uploads a crash cut off, left 'writing': one two days ago, one an hour ago (perhaps still going).
    const item = fresh.file.items[1]!;
    const cut = async (at: Date) => {
      const stored = await storeDocument(db, {
        owner: itemOwner(item.id),
        name: 'cut.pdf',
        uploadedBy: `borrower:${fresh.file.id}`,
        source: streamOf(pdf(MiB + 10)),
        now: at,
      });
      if (!stored.ok) throw new Error(stored.message);
      await db.updateTable('documents').set({ state: 'writing' }).where('id', '=', stored.document.id).execute();
      return stored.document.id;
    };
    const old = await cut(daysBefore(now, 2));
    const recent = await cut(minutes(now, -60));

    const run = await runDailyRetention(db, { now, activityLogMonths: 24 });

    // Spent sign-ins, a link and a session each: the fresh file's two, the busy file's one.
    expect(run).toMatchObject({
      ran: true,
      finished: true,
      counts: { leads: 1, loanFiles: 1, documents: 1, portalAccess: 6, unfinishedDocuments: 1 },
    });
    expect(run.ran && run.counts.notifications).toBeGreaterThanOrEqual(5);
    expect(gone(await rowsOf(db, expired))).toBe(true);
    expect((await rowsOf(db, busy)).documents).toBe(1);
    expect(await db.selectFrom('leads').select('id').where('id', '=', busy.leadId).execute()).toHaveLength(1);
    // Kept: the live link and session.
    expect(await access()).toEqual({ links: 1, sessions: 1 });
    const left = await db.selectFrom('documents').select(['id', 'state']).where('owner', '=', itemOwner(item.id)).execute();
    expect(left).toEqual([{ id: recent, state: 'writing' }]);
    expect(await db.selectFrom('document_chunks').select('seq').where('document_id', '=', old).execute()).toEqual([]);
    expect((await contentOf(db, fresh.documentId))!.equals(fresh.content)).toBe(true);
    expect(await loanFile(db, fresh.file.id)).toMatchObject({ id: fresh.file.id, items: fresh.file.items });
  });
});
