import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../lib/auth/sessions.server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { DRAFT_TOKEN_FIELD } from '../../lib/drafts/draft-values';
import {
  deleteSubmittedDrafts,
  findDraft,
  listUnfinishedApplications,
  saveDraft,
  type DraftToSave,
} from '../../lib/drafts/drafts.server';
import { handleDraftSave, type SaveDeps } from '../../lib/drafts/save-request.server';
import { submitLead } from '../../lib/leads/submit.server';
import type { NotificationMessage } from '../../lib/notifications/messages';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { exportPersonData } from '../../lib/privacy/export.server';
import { emptyCounts, purgeExpired } from '../../lib/retention/purge.server';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';

/**
 * 'Save and finish later' on a real database: only the resume token's hash is kept, the link
 * restores every field and the step, saving again replaces the draft (and its e-mail), a
 * submitted application deletes its draft, and an expired one is gone for good.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://loans.example.com';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const LIMITS = { perAddress: 3, windowMinutes: 10 };
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

const step1 = {
  projectDescription: 'Two-story custom home',
  ownLand: 'yes',
  landPurchasePrice: '120000',
  landBalance: '45000.50',
  landEstimatedValue: '150000',
  needLandLoan: 'no',
  constructionCosts: '650000',
  builderStatus: 'owner-builder',
  loanAmount: '695000',
  buildStartDate: 'Spring 2027',
};

const draft = (overrides: Partial<DraftToSave> = {}): DraftToSave => ({
  email: 'Jane@Example.com',
  values: step1,
  step: 0,
  clientAddress: '203.0.113.7',
  siteUrl: SITE,
  ...overrides,
});

const save = (db: DB, overrides: Partial<DraftToSave> = {}, now = NOW) =>
  db.transaction().execute((trx) => saveDraft(trx, draft(overrides), LIMITS, now));

async function saved(db: DB, overrides: Partial<DraftToSave> = {}, now = NOW) {
  const result = await save(db, overrides, now);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

async function draftMails(db: DB) {
  const rows = await db
    .selectFrom('notifications')
    .select(['subject_id', 'recipient', 'payload'])
    .where('subject_type', '=', 'draft')
    .execute();
  return rows.map((row) => ({ ...row, message: JSON.parse(row.payload) as NotificationMessage }));
}

describe.each(engines)('application drafts on %s', (_engine, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle.db;
  }

  it('keeps only the hash of a 256-bit token and e-mails the visitor the link, which restores every field and the step', async () => {
    const db = await database();
    const created = await saved(db, {
      values: { ...step1, consent: 'yes', company_website: 'bot', fill_ms: '900', unknown: 'x' },
      step: 1,
    });
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const row = await db.selectFrom('application_drafts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: hashToken(created.token), email: 'jane@example.com', step: 1, consent: 1 });
    expect(row.expires_at).toBe(days(30).toISOString());
    expect(JSON.stringify(row)).not.toContain(created.token);

    const [mail, ...more] = await draftMails(db);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject_id: created.id, recipient: 'visitor' });
    expect(mail!.message.to).toBe('jane@example.com');
    expect(mail!.message.text).toContain(`${SITE}/apply?resume=${created.token}`);
    // The e-mail names no figure of the application.
    expect(mail!.message.text).not.toContain('695000');

    const found = await findDraft(db, created.token, days(29));
    // Every application field and the consent; nothing else the form posts.
    expect(found).toEqual({ id: created.id, email: 'jane@example.com', values: { ...step1, consent: 'yes' }, step: 1 });
    expect(await findDraft(db, 'not-a-token', NOW)).toBeNull();
  });

  it('saving again from the same tab replaces the draft: a new link, the old one and its e-mail gone', async () => {
    const db = await database();
    const first = await saved(db);
    // A double press sends one e-mail.
    expect(await save(db, { previousToken: first.token }, new Date(NOW.getTime() + 5_000))).toEqual({
      ok: false,
      reason: 'limited',
    });
    const later = new Date(NOW.getTime() + 60_000);
    const second = await saved(db, { previousToken: first.token, step: 1, email: 'jane.b@example.com' }, later);
    expect(second.id).toBe(first.id);
    expect(await findDraft(db, first.token, later)).toBeNull();
    expect(await findDraft(db, second.token, later)).toMatchObject({ email: 'jane.b@example.com', step: 1 });
    const mails = await draftMails(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.text).toContain(second.token);
    expect(mails[0]!.message.text).not.toContain(first.token);
  });

  it('counts the addresses of one IPv6 /64 as one for the draft limit', async () => {
    const db = await database();
    for (let i = 1; i <= LIMITS.perAddress; i++)
      await saved(db, { email: `v${i}@example.com`, clientAddress: `2001:db8:3:4::${i}` });
    expect(await save(db, { email: 'victim@example.com', clientAddress: '2001:db8:3:4:aaaa::9' })).toEqual({
      ok: false,
      reason: 'limited',
    });
    await saved(db, { email: 'other@example.com', clientAddress: '2001:db8:3:5::1' });
  });

  it('limits new drafts per address, as each sends an e-mail to whatever address was typed', async () => {
    const db = await database();
    for (let i = 0; i < LIMITS.perAddress; i++) await saved(db, { email: `v${i}@example.com` });
    expect(await save(db, { email: 'victim@example.com' })).toEqual({ ok: false, reason: 'limited' });
    await saved(db, { email: 'other@example.com', clientAddress: '198.51.100.2' });
    expect(await save(db, { email: 'victim@example.com' }, new Date(NOW.getTime() + 11 * 60_000))).toMatchObject({
      ok: true,
    });
  });

  it('submitting the application deletes its draft (by token, and by e-mail address) with the e-mail', async () => {
    const db = await database();
    const byToken = await saved(db, { email: 'someone-else@example.com' });
    await saved(db, { email: 'jane@example.com', clientAddress: '198.51.100.9' });
    const keep = await saved(db, { email: 'keep@example.com', clientAddress: '198.51.100.10' });
    const result = await submitLead(
      'application',
      { ...fullApplication, fill_ms: '60000', page: '/apply', [DRAFT_TOKEN_FIELD]: byToken.token },
      { clientAddress: '203.0.113.7', userAgent: 'test' },
      {
        db: async () => db,
        spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
        log,
        now: () => NOW,
        wake: () => {},
      },
    );
    expect(result).toEqual({ ok: true, kind: 'application' });
    const left = await db.selectFrom('application_drafts').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([keep.id]);
    expect((await draftMails(db)).map((mail) => mail.subject_id)).toEqual([keep.id]);
  });

  it('a suspected spam application deletes only the draft its token names, never by e-mail', async () => {
    const db = await database();
    await saved(db, { email: 'jane@example.com' });
    const deleted = await deleteSubmittedDrafts(db, { token: 'unknown' });
    expect(deleted).toBe(0);
    const spam = await submitLead(
      'application',
      { ...fullApplication, fill_ms: '100', page: '/apply' },
      { clientAddress: '203.0.113.8', userAgent: 'test' },
      { db: async () => db, spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 }, log, now: () => NOW, wake: () => {} },
    );
    expect(spam).toEqual({ ok: true, kind: 'application' });
    expect(await db.selectFrom('application_drafts').select('id').execute()).toHaveLength(1);
  });

  it('lists the live drafts for the admin: e-mail, last step, updated time and consent, no values', async () => {
    const db = await database();
    await saved(db, { email: 'a@example.com', step: 1, values: { ...step1, consent: 'yes' } });
    await saved(db, { email: 'b@example.com', clientAddress: '198.51.100.1' }, new Date(NOW.getTime() + 60_000));
    const list = await listUnfinishedApplications(db, NOW);
    expect(list.map(({ email, step, consent }) => ({ email, step, consent }))).toEqual([
      { email: 'b@example.com', step: 0, consent: false },
      { email: 'a@example.com', step: 1, consent: true },
    ]);
    expect(list[0]!.updatedAt).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect(await listUnfinishedApplications(db, days(31))).toEqual([]);
  });

  it('expires after 30 days: the link no longer opens it and the retention job deletes it with its e-mail', async () => {
    const db = await database();
    const old = await saved(db);
    const fresh = await saved(db, { email: 'fresh@example.com', clientAddress: '198.51.100.3' }, days(5));
    expect(await findDraft(db, old.token, days(30))).toBeNull();
    const counts = emptyCounts();
    expect(await purgeExpired(db, { now: days(31), leadMonths: 24, activityLogMonths: 24 }, counts)).toBe(true);
    const left = await db.selectFrom('application_drafts').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([fresh.id]);
    expect((await draftMails(db)).map((mail) => mail.subject_id)).toEqual([fresh.id]);
    expect(counts).toMatchObject({ drafts: 1, notifications: 0 });
  });

  it("a privacy request exports and deletes the person's saved application with its e-mail", async () => {
    const db = await database();
    const created = await saved(db, { values: { ...step1, consent: 'yes' } });
    await saved(db, { email: 'other@example.com', clientAddress: '198.51.100.4' });
    const exported = await exportPersonData(db, 'jane@example.com', NOW);
    expect(exported.counts).toMatchObject({ drafts: 1, notifications: 1 });
    expect(exported.drafts).toEqual([
      expect.objectContaining({ id: created.id, email: 'jane@example.com', field_values: { ...step1, consent: 'yes' } }),
    ]);
    expect(JSON.stringify(exported.drafts)).not.toContain(hashToken(created.token));
    const counts = await deletePersonData(db, 'jane@example.com');
    expect(counts).toMatchObject({ drafts: 1, notifications: 1 });
    expect(await findDraft(db, created.token, NOW)).toBeNull();
    expect((await draftMails(db)).map((mail) => mail.message.to)).toEqual(['other@example.com']);
  });

  it('the save endpoint: same origin only, a clear error for a bad address, the token on success', async () => {
    const db = await database();
    const deps: SaveDeps = {
      db: async () => db,
      siteUrl: SITE,
      trustProxy: false,
      clientAddress: '203.0.113.7',
      limits: LIMITS,
      now: () => NOW,
      wake: vi.fn(),
      log,
    };
    const post = (body: Record<string, string>, origin = SITE) =>
      handleDraftSave(
        new Request(`${SITE}/api/application-drafts`, {
          method: 'POST',
          headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body),
        }),
        deps,
      );
    expect((await post({ draftEmail: 'jane@example.com' }, 'https://evil.example')).status).toBe(403);
    const bad = await post({ ...step1, draftEmail: 'not an address' });
    expect(bad).toMatchObject({ status: 422, body: { ok: false, reason: 'invalid' } });
    expect(await db.selectFrom('application_drafts').select('id').execute()).toEqual([]);

    const ok = await post({ ...step1, step: '1', draftEmail: 'jane@example.com' });
    expect(ok.status).toBe(200);
    if (!ok.body.ok) throw new Error(ok.body.message);
    expect(deps.wake).toHaveBeenCalledOnce();
    expect(await findDraft(db, ok.body.token, NOW)).toMatchObject({ values: step1, step: 1 });
  });
});
