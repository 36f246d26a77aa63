import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../lib/auth/sessions.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { DRAFT_TOKEN_FIELD } from '../../lib/drafts/draft-values';
import {
  deleteSubmittedDraft,
  findDraft,
  listUnfinishedApplications,
  saveDraft,
  type DraftToSave,
} from '../../lib/drafts/drafts.server';
import { handleDraftSave, saveDraftPost, type SaveDeps } from '../../lib/drafts/save-request.server';
import { submitLead } from '../../lib/leads/submit.server';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { exportPersonData } from '../../lib/privacy/export.server';
import { emptyCounts, purgeExpired } from '../../lib/retention/purge.server';
import { engines, testEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * 'Save and finish later' on a real database: only the resume token's hash is kept, the link
 * restores every field and the step, saving again replaces the draft (and its e-mail), a
 * submitted application deletes its draft, and an expired one is gone for good.
 */

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://loans.example.com';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const LIMITS = { perAddress: 3, windowMinutes: 10, mailsPerDraft: 3, mailsPerRecipient: 3, mailsPerDay: 50 };
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

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** The resume e-mails as the outbox will send them (the token is stored sealed: ADR 028). */
async function draftMails(db: DB) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'subject_id', 'recipient', 'payload', 'sealed_secret'])
    .where('subject_type', '=', 'draft')
    .execute();
  return rows.map(({ id, sealed_secret, ...row }) => ({
    ...row,
    message: (payloadToSend({ id, payload: row.payload, sealed_secret }) as { payload: NotificationMessage }).payload,
  }));
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
    // Sealed at rest: a copy of the database does not open the draft.
    expect(mail!.payload).not.toContain(created.token);
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

  it('sends at most 3 resume e-mails per draft a day: a further save keeps the changes and the last link, and says why', async () => {
    const db = await database();
    let current = await saved(db);
    for (let i = 1; i <= 2; i++) {
      const again = await saved(db, { previousToken: current.token, email: `jane${i}@example.com` }, minutes(i));
      expect(again).toMatchObject({ mailed: true });
      current = again;
    }
    const held = await save(
      db,
      { previousToken: current.token, email: 'jane3@example.com', values: { ...step1, loanAmount: '700000' } },
      minutes(3),
    );
    expect(held).toMatchObject({ ok: true, id: current.id, token: current.token, mailed: false, held: 'draft' });
    // The changes are saved, behind the link already sent, to the address it was sent to.
    expect(await findDraft(db, current.token, minutes(3))).toMatchObject({
      email: 'jane2@example.com',
      values: { ...step1, loanAmount: '700000' },
    });
    const mails = await draftMails(db);
    expect(mails.map((mail) => mail.message.to)).toEqual(['jane2@example.com']);
    expect(mails[0]!.message.text).toContain(current.token);
    // A day after the first e-mail, one more may go.
    const nextDay = await saved(db, { previousToken: current.token, email: 'jane3@example.com' }, minutes(24 * 60 + 1));
    expect(nextDay).toMatchObject({ mailed: true });
    expect((await draftMails(db)).map((mail) => mail.message.to)).toEqual(['jane3@example.com']);
  });

  it('sends at most 3 resume e-mails to one address a day, whoever saves and from wherever', async () => {
    const db = await database();
    const victim = 'victim@example.com';
    // Three drafts from three networks, then a fourth; then someone re-saving their own draft to the victim.
    for (let i = 0; i < 3; i++)
      expect(await saved(db, { email: victim, clientAddress: `198.51.100.${i}` }, minutes(i))).toMatchObject({ mailed: true });
    const fourth = await saved(db, { email: 'Victim@Example.com ', clientAddress: '198.51.100.9' }, minutes(5));
    expect(fourth).toMatchObject({ mailed: false, held: 'recipient' });
    const own = await saved(db, { email: 'own@example.com', clientAddress: '198.51.100.20' }, minutes(6));
    const redirected = await saved(db, { previousToken: own.token, email: victim }, minutes(7));
    expect(redirected).toMatchObject({ mailed: false, held: 'recipient', token: own.token });
    // Every draft is kept; the victim got three e-mails.
    expect(await db.selectFrom('application_drafts').select('id').execute()).toHaveLength(5);
    expect((await draftMails(db)).filter((mail) => mail.message.to === victim)).toHaveLength(3);
    expect(await findDraft(db, own.token, minutes(7))).toMatchObject({ email: 'own@example.com' });
  });

  it('sends at most the daily cap of resume e-mails in all; drafts are still saved past it', async () => {
    const db = await database();
    const limits = { ...LIMITS, mailsPerDay: 4 };
    const results = [];
    for (let i = 0; i < 6; i++) {
      const one = draft({ email: `v${i}@example.com`, clientAddress: `198.51.100.${i}` });
      results.push(await db.transaction().execute((trx) => saveDraft(trx, one, limits, minutes(i))));
    }
    expect(results.map((r) => (r.ok ? (r.mailed ? 'mailed' : r.held) : r.reason))).toEqual([
      'mailed',
      'mailed',
      'mailed',
      'mailed',
      'daily',
      'daily',
    ]);
    expect(await draftMails(db)).toHaveLength(4);
    expect(await db.selectFrom('application_drafts').select('id').execute()).toHaveLength(6);
  });

  it("submitting the application deletes the draft it was resumed from, with its e-mail, and nobody else's", async () => {
    const db = await database();
    const byToken = await saved(db, { email: 'someone-else@example.com' });
    // Saved by the person whose address the application names: typing it must not delete it.
    const janes = await saved(db, { email: 'jane@example.com', clientAddress: '198.51.100.9' });
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
    expect(left.map((row) => row.id).sort()).toEqual([janes.id, keep.id].sort());
    expect((await draftMails(db)).map((mail) => mail.subject_id).sort()).toEqual([janes.id, keep.id].sort());
    expect(await findDraft(db, janes.token, NOW)).toMatchObject({ email: 'jane@example.com' });
  });

  it("an application sent with another person's address and no token of theirs deletes no draft", async () => {
    const db = await database();
    const theirs = await saved(db, { email: 'jane@example.com' });
    expect(await deleteSubmittedDraft(db, 'unknown')).toBe(0);
    expect(await deleteSubmittedDraft(db, undefined)).toBe(0);
    const typed = await submitLead(
      'application',
      { ...fullApplication, fill_ms: '60000', page: '/apply', [DRAFT_TOKEN_FIELD]: 'made-up' },
      { clientAddress: '203.0.113.8', userAgent: 'test' },
      { db: async () => db, spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 }, log, now: () => NOW, wake: () => {} },
    );
    expect(typed).toEqual({ ok: true, kind: 'application' });
    expect(await findDraft(db, theirs.token, NOW)).toMatchObject({ id: theirs.id, email: 'jane@example.com' });
    expect((await draftMails(db)).map((mail) => mail.subject_id)).toEqual([theirs.id]);
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
    const deps: SaveDeps & { trustProxy: boolean } = {
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

  it('says in plain words when a limit kept the link from going out, and that the draft is saved', async () => {
    const db = await database();
    for (let i = 0; i < 3; i++) await saved(db, { email: 'victim@example.com', clientAddress: `198.51.100.${i}` });
    const wake = vi.fn();
    const deps: SaveDeps = {
      db: async () => db,
      siteUrl: SITE,
      clientAddress: '203.0.113.7',
      limits: LIMITS,
      now: () => NOW,
      wake,
      log,
    };
    const first = await saveDraftPost({ ...step1, draftEmail: 'victim@example.com' }, deps);
    expect(first).toMatchObject({ status: 200, body: { ok: true, mailed: false } });
    if (!first.body.ok) throw new Error(first.body.message);
    expect(first.body.message).toBe(
      'Your application is saved, but we did not send the link: we have already e-mailed 3 links to victim@example.com in the last 24 hours. Keep this page open to finish now, or save again tomorrow to get the link.',
    );
    expect(await findDraft(db, first.body.token, NOW)).toMatchObject({ values: step1 });
    // Saved again later with the address changed: the new address gets its link.
    const again = await saveDraftPost(
      { ...step1, draftEmail: 'jane@example.com', [DRAFT_TOKEN_FIELD]: first.body.token },
      { ...deps, now: () => minutes(1) },
    );
    expect(again).toMatchObject({ status: 200, body: { ok: true, mailed: true, email: 'jane@example.com' } });
    if (!again.body.ok) throw new Error(again.body.message);
    expect(again.body.message).toBe(
      'We sent a link to jane@example.com, good until December 22, 2026. On a shared computer, close this tab when done.',
    );
    expect(wake).toHaveBeenCalledOnce();
  });
});

/**
 * Two instances on one database: two connection pools on one PostgreSQL, whose saves run at the
 * same moment; on SQLite (one instance per file in production) two handles on one file, taking
 * turns, which still shows that the count lives in the database and not in a process.
 */
const twoInstances = testEngines(
  async () => {
    const first = tempSqlite();
    const second = connect({ kind: 'sqlite', path: first.path });
    return {
      instances: [first.db, second],
      together: false,
      cleanup: async () => (await second.destroy(), await first.cleanup()),
    };
  },
  async (adminUrl) => {
    const first = await tempPostgres(adminUrl);
    const second = connect({ kind: 'postgres', url: first.url });
    return {
      instances: [first.db, second],
      together: true,
      cleanup: async () => (await second.destroy(), await first.cleanup()),
    };
  },
);

describe.each(twoInstances)('resume e-mail limits across two instances on %s', (_engine, open) => {
  async function cluster() {
    const opened = await open();
    cleanups.push(opened.cleanup);
    await migrateToLatest(opened.instances[0]!);
    // Both pools connected beforehand, so no save waits for a connection while another commits.
    await Promise.all(opened.instances.map((db) => db.selectFrom('application_drafts').select('id').execute()));
    return opened;
  }

  async function run<T>(together: boolean, count: number, one: (i: number) => Promise<T>): Promise<T[]> {
    if (together) return Promise.all(Array.from({ length: count }, (_, i) => one(i)));
    const results: T[] = [];
    for (let i = 0; i < count; i++) results.push(await one(i));
    return results;
  }

  it('ten new drafts for one address, saved through both instances, send it three e-mails and keep all ten', async () => {
    const { instances, together } = await cluster();
    const results = await run(together, 10, (i) =>
      instances[i % 2]!.transaction().execute((trx) =>
        saveDraft(trx, draft({ email: 'victim@example.com', clientAddress: `198.51.100.${i}` }), LIMITS, minutes(i)),
      ),
    );
    expect(results.filter((r) => r.ok && r.mailed)).toHaveLength(3);
    expect(results.filter((r) => r.ok && !r.mailed && r.held === 'recipient')).toHaveLength(7);
    expect(await draftMails(instances[0]!)).toHaveLength(3);
    expect(await instances[1]!.selectFrom('application_drafts').select('id').execute()).toHaveLength(10);
  });

  it('one draft re-saved through both instances with a new address each time sends three e-mails', async () => {
    const { instances } = await cluster();
    let current = await saved(instances[0]!);
    const outcomes: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const result = await save(instances[i % 2]!, { previousToken: current.token, email: `target${i}@example.com` }, minutes(i));
      if (!result.ok) throw new Error(result.reason);
      outcomes.push(result.mailed ? 'mailed' : result.held);
      current = result;
    }
    expect(outcomes).toEqual(['mailed', 'mailed', 'draft', 'draft', 'draft', 'draft']);
    expect((await draftMails(instances[1]!)).map((mail) => mail.message.to)).toEqual(['target2@example.com']);
  });

  it('the daily cap holds for saves arriving at both instances at once', async () => {
    const { instances, together } = await cluster();
    const limits = { ...LIMITS, mailsPerDay: 5 };
    const results = await run(together, 12, (i) =>
      instances[i % 2]!.transaction().execute((trx) =>
        saveDraft(trx, draft({ email: `v${i}@example.com`, clientAddress: `198.51.100.${i}` }), limits, minutes(i)),
      ),
    );
    expect(results.filter((r) => r.ok && r.mailed)).toHaveLength(5);
    expect(await draftMails(instances[0]!)).toHaveLength(5);
  });
});
