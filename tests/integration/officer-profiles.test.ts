import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_VERSION } from '../../lib/content/document';
import { readSiteContent } from '../../lib/content/queries.server';
import type { DB } from '../../lib/db/connect.server';
import { newId } from '../../lib/db/ids';
import { saveDraft } from '../../lib/drafts/drafts.server';
import { env } from '../../lib/env.server';
import { submitLead } from '../../lib/leads/submit.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { queueFileMail } from '../../lib/loan-files/mail.server';
import { milestoneMessage } from '../../lib/loan-files/messages';
import { openPayload } from '../../lib/notifications/sealed-payload.server';
import { saveProfile, type ProfileFields } from '../../lib/officers/mutations.server';
import { listPublishedOfficers, officerBySlug, officerForSlug, officersLicensedIn } from '../../lib/officers/profiles.server';
import { removeAccount } from '../../lib/team/accounts.server';
import { engines, seededDatabases } from '../support/engines';
import { fullApplication } from '../support/lead-data';

/**
 * Loan officer profiles (issue 31, point 1) on each engine: the owner's and the officer's own
 * actions (who may do what; input refused changes nothing: no row, no log entry, no cache
 * expiry), the officers routing by state may choose, a lead sent from a profile's own link
 * assigned to its officer, and every message sent in the officer's name signed with their NMLS ID
 * beside the company's: the auto-reply, the resume link, the loan file's e-mails.
 */

const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown, refreshed: 0, expired: [] as string[] }));
vi.mock('../../lib/auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
// Next's refresh and updateTag work only inside a Server Action's request.
vi.mock('next/cache', () => ({
  refresh: () => void state.refreshed++,
  updateTag: (tag: string) => void state.expired.push(tag),
  cacheTag: () => {},
  cacheLife: () => {},
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const actions = await import('../../lib/officers/actions/profiles');

const cleanups: (() => Promise<void>)[] = [];
const saved = { ...env };
beforeEach(() => {
  // A mail transport, so the visitor's auto-reply is written (nothing is sent: no worker runs).
  Object.assign(env, { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'Website <web@example.com>', MAIL_TO: 'broker@example.com' });
});
afterEach(async () => {
  Object.assign(env, saved);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-26T14:00:00.000Z');
const OWNER = 'admin';
const JANE = 'lo-a-jane';
const BO = 'lo-b-bo';
const EDDIE = 'editor-eddie';

const session = (id: string, role: string) => ({
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id, email: id === OWNER ? null : `${id}@example.com`, name: id, role },
});

async function addAccount(db: DB, id: string, role: string) {
  const stamp = NOW.toISOString();
  await db
    .insertInto('admin_users')
    .values({ id, email: `${id}@example.com`, name: id, role, password_hash: 'unused', created_at: stamp, updated_at: stamp })
    .execute();
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(key, one);
  return data;
}

const janeFields = {
  displayName: 'Jane Doe',
  title: 'Senior Loan Officer',
  nmlsId: '654321',
  states: ['TX', 'ID'],
  languages: ['English', 'Spanish'],
  phone: '208-555-0142',
  bio: 'Builds in Boise and Austin.',
  published: 'on',
};

const input = (overrides: Partial<ProfileFields> = {}): ProfileFields => ({
  displayName: 'Someone',
  slug: '',
  title: '',
  nmlsId: '111',
  states: [],
  languages: [],
  phone: '',
  bio: '',
  published: true,
  ...overrides,
});

describe.each(engines)('loan officer profiles (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);
  let db: DB;
  beforeEach(async () => {
    db = await seeded();
    // The built-in owner's row is written at its first sign-in: here by hand.
    await addAccount(db, OWNER, 'owner');
    await addAccount(db, JANE, 'loan_officer');
    await addAccount(db, BO, 'loan_officer');
    await addAccount(db, EDDIE, 'editor');
    Object.assign(state, { db, session: session(OWNER, 'owner'), refreshed: 0, expired: [] });
  });

  const profiles = () => db.selectFrom('officer_profiles').selectAll().orderBy('account_id').execute();
  const activity = async () =>
    (await db.selectFrom('activity_log').select(['action', 'target', 'detail']).orderBy('at').orderBy('id').execute()).map(
      (entry) => ({ ...entry, detail: JSON.parse(entry.detail) as Record<string, unknown> }),
    );

  it('the owner creates, edits and removes profiles: each logged, each expiring /team', async () => {
    const created = await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: JANE, away: 'on' }));
    expect(created).toMatchObject({
      ok: true,
      title: '✅ Profile Saved',
      message: 'Jane Doe’s profile is public at /team/jane-doe.',
      data: { accountId: JANE, slug: 'jane-doe', nmlsId: '654321', states: ['ID', 'TX'], away: true, published: true },
    });
    expect(state.expired).toContain('officers');

    // The owner's own profile with the same name gets the next address; a typed one that is taken is refused.
    const own = await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: OWNER, nmlsId: '777' }));
    expect(own).toMatchObject({ ok: true, data: { slug: 'jane-doe-2' } });
    const taken = await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: BO, slug: 'jane-doe' }));
    expect(taken).toMatchObject({ ok: false, fieldErrors: { slug: expect.stringContaining('Another profile') } });
    // An editor works no leads: no profile.
    const editor = await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: EDDIE }));
    expect(editor).toMatchObject({ ok: false, error: expect.stringContaining('does not work leads') });

    const edited = await actions.saveOfficerProfileAction(
      null,
      form({ ...janeFields, accountId: JANE, slug: 'jane', states: 'TX' }),
    );
    expect(edited).toMatchObject({ ok: true, data: { slug: 'jane', states: ['TX'], away: false } });
    expect(await officerForSlug(db, 'jane')).toBe(JANE);
    expect(await officerForSlug(db, 'jane-doe')).toBeNull();

    expect(await actions.removeOfficerProfileAction({ accountId: OWNER })).toMatchObject({
      ok: true,
      title: '🗑️ Profile Removed',
    });
    expect(await actions.removeOfficerProfileAction({ accountId: OWNER })).toMatchObject({ ok: false });
    expect((await profiles()).map((row) => row.account_id)).toEqual([JANE]);
    expect((await activity()).map(({ action, target }) => [action, target])).toEqual([
      ['officer_profile_created', JANE],
      ['officer_profile_created', OWNER],
      ['officer_profile_updated', JANE],
      ['officer_profile_removed', OWNER],
    ]);
    expect((await activity())[0]!.detail).toEqual({
      name: 'Jane Doe',
      slug: 'jane-doe',
      nmlsId: '654321',
      states: 'ID TX',
      published: true,
      away: true,
    });
    expect(state.refreshed).toBe(4);
  });

  it('refuses bad input and the wrong accounts, and changes nothing', async () => {
    const bad = [
      { ...janeFields, accountId: JANE, nmlsId: 'NMLS 654321' },
      { ...janeFields, accountId: JANE, states: ['TX', 'ZZ'] },
      { ...janeFields, accountId: JANE, displayName: ' ' },
      { ...janeFields, accountId: JANE, phone: 'call me' },
      { ...janeFields, accountId: JANE, bio: 'x'.repeat(2001) },
      { ...janeFields, accountId: JANE, slug: 'Jane Doe' },
      { ...janeFields, accountId: JANE, photoMediaId: '../etc/passwd' },
    ];
    for (const fields of bad) {
      const result = await actions.saveOfficerProfileAction(null, form(fields));
      expect(result).toMatchObject({ ok: false, title: '❌ Profile Not Saved', error: 'Some fields need attention.' });
      expect(Object.keys((!result.ok && result.fieldErrors) || {})).toHaveLength(1);
    }
    // A well-formed photo id that is no upload.
    const photo = await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: JANE, photoMediaId: newId() }));
    expect(photo).toMatchObject({ ok: false, fieldErrors: { photoMediaId: expect.any(String) } });
    expect(await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: 'nobody' }))).toMatchObject({
      ok: false,
    });
    expect(await actions.saveOfficerProfileAction(null, {} as FormData)).toMatchObject({ ok: false });

    // Signed out: nothing, not even whether the input was valid.
    state.session = null;
    expect(await actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: JANE }))).toMatchObject({
      title: 'Signed Out',
    });
    expect(await actions.saveOwnOfficerProfileAction(null, form(janeFields))).toMatchObject({ title: 'Signed Out' });
    expect(await actions.removeOfficerProfileAction({ accountId: JANE })).toMatchObject({ title: 'Signed Out' });
    // Another role: the owner's actions are refused with Next's forbidden(), which throws.
    for (const [id, role] of [
      [JANE, 'loan_officer'],
      [EDDIE, 'editor'],
    ]) {
      state.session = session(id!, role!);
      await expect(actions.saveOfficerProfileAction(null, form({ ...janeFields, accountId: JANE }))).rejects.toThrow();
      await expect(actions.removeOfficerProfileAction({ accountId: JANE })).rejects.toThrow();
    }
    // An editor has My Account, but no profile.
    expect(await actions.saveOwnOfficerProfileAction(null, form(janeFields))).toMatchObject({ ok: false });

    expect(await profiles()).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(state.expired).toEqual([]);
    expect(state.refreshed).toBe(0);
  });

  it('a loan officer edits their own profile, never "away", the photo or anyone else’s', async () => {
    const media = newId();
    await db
      .insertInto('media')
      .values({
        id: media,
        kind: 'image',
        content_type: 'image/webp',
        bytes: Buffer.from('RIFF'),
        width: 1,
        height: 1,
        byte_size: 4,
        sha256: 'x',
        created_at: NOW.toISOString(),
      })
      .execute();
    const ownerSet = await actions.saveOfficerProfileAction(
      null,
      form({ ...janeFields, accountId: JANE, away: 'on', photoMediaId: media }),
    );
    expect(ownerSet).toMatchObject({ ok: true, data: { away: true, photo: { id: media, url: `/media/${media}.webp` } } });

    state.session = session(JANE, 'loan_officer');
    // The officer's form has no account, "away" or photo: what is posted of them is ignored.
    const mine = await actions.saveOwnOfficerProfileAction(
      null,
      form({ ...janeFields, accountId: BO, title: 'Loan Officer', away: '', photoMediaId: '' }),
    );
    expect(mine).toMatchObject({ ok: true, data: { accountId: JANE, title: 'Loan Officer', away: true, photo: { id: media } } });
    expect((await profiles()).map((row) => row.account_id)).toEqual([JANE]);
    expect((await activity()).map(({ action, target }) => [action, target])).toEqual([
      ['officer_profile_created', JANE],
      ['officer_profile_updated', JANE],
    ]);

    // A bad NMLS ID from the officer changes nothing either.
    const before = await profiles();
    expect(await actions.saveOwnOfficerProfileAction(null, form({ ...janeFields, nmlsId: '12-34' }))).toMatchObject({
      ok: false,
      fieldErrors: { nmlsId: expect.any(String) },
    });
    expect(await profiles()).toEqual(before);
  });

  it('routing may choose the officers licensed in a state who are not away, published or not, by account id', async () => {
    await saveProfile(db, BO, input({ displayName: 'Bo', nmlsId: '222', states: ['TX'], published: false }), NOW);
    await saveProfile(db, JANE, input({ displayName: 'Jane', nmlsId: '333', states: ['ID', 'TX'] }), NOW);
    await saveProfile(db, OWNER, input({ displayName: 'Owner', nmlsId: '444', states: ['TX'], away: true }), NOW);
    expect(await officersLicensedIn(db, 'tx')).toEqual([
      { accountId: JANE, displayName: 'Jane', nmlsId: '333' },
      { accountId: BO, displayName: 'Bo', nmlsId: '222' },
    ]);
    expect(await officersLicensedIn(db, 'ID')).toEqual([{ accountId: JANE, displayName: 'Jane', nmlsId: '333' }]);
    for (const nowhere of ['OR', 'ZZ', '', '%', '"TX"']) expect(await officersLicensedIn(db, nowhere), nowhere).toEqual([]);

    // An account made an editor keeps its row, which nothing reads until its role works leads again.
    await db.updateTable('admin_users').set({ role: 'editor' }).where('id', '=', JANE).execute();
    expect((await officersLicensedIn(db, 'TX')).map((o) => o.accountId)).toEqual([BO]);
    expect(await officerBySlug(db, 'jane')).toBeNull();
    expect((await listPublishedOfficers(db)).map((o) => o.accountId)).toEqual([OWNER]);
  });

  it('removing an account removes its profile, and frees its address', async () => {
    await saveProfile(db, JANE, input({ displayName: 'Jane Doe' }), NOW);
    expect(await db.transaction().execute((trx) => removeAccount(trx, JANE))).toMatchObject({ ok: true });
    expect(await profiles()).toEqual([]);
    expect(await saveProfile(db, BO, input({ displayName: 'Jane Doe' }), NOW)).toMatchObject({ profile: { slug: 'jane-doe' } });
  });

  it('assigns a lead sent from a profile to its officer, whose NMLS ID signs the auto-reply', async () => {
    const content = await readSiteContent(db);
    const document = JSON.stringify({
      ...content,
      autoReply: { ...content.autoReply, postalAddress: '100 Main Street, Boise, ID' },
    });
    await db.updateTable('site_content').set({ document, schema_version: CONTENT_VERSION }).where('id', '=', 'site').execute();
    await saveProfile(db, JANE, input({ displayName: 'Jane Doe', nmlsId: '654321', title: 'Loan Officer' }), NOW);
    await saveProfile(db, BO, input({ displayName: 'Bo Hidden', nmlsId: '222', published: false }), NOW);

    const contact = (email: string, officer?: string) =>
      submitLead(
        'contact',
        {
          from_name: 'Ann Lee',
          from_email: email,
          message: 'Hello',
          fill_ms: '9000',
          page: '/contact',
          ...(officer ? { officer } : {}),
        },
        { clientAddress: '203.0.113.9', userAgent: 'test' },
        {
          db: async () => db,
          spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
          log: { error: vi.fn(), warn: vi.fn() },
          now: () => NOW,
          wake: () => {},
        },
      );
    expect(await contact('ann@example.com', 'jane-doe')).toEqual({ ok: true, kind: 'contact' });
    // An unpublished profile's slug, an unknown one and a malformed one: stored, unassigned.
    expect(await contact('b@example.com', 'bo-hidden')).toEqual({ ok: true, kind: 'contact' });
    expect(await contact('c@example.com', 'nobody')).toEqual({ ok: true, kind: 'contact' });
    expect(await contact('d@example.com', '<script>')).toEqual({ ok: true, kind: 'contact' });

    const leads = await db.selectFrom('leads').select(['id', 'email', 'assignee_id']).orderBy('email').execute();
    expect(leads.map(({ email, assignee_id }) => [email, assignee_id])).toEqual([
      ['ann@example.com', JANE],
      ['b@example.com', null],
      ['c@example.com', null],
      ['d@example.com', null],
    ]);

    const replyTo = async (leadId: string) => {
      const row = await db
        .selectFrom('notifications')
        .select(['id', 'payload'])
        .where('subject_type', '=', 'lead')
        .where('subject_id', '=', leadId)
        .where('recipient', '=', 'visitor')
        .executeTakeFirstOrThrow();
      return (JSON.parse(openPayload(row)!) as { text: string }).text;
    };
    const signed = await replyTo(leads[0]!.id);
    expect(signed).toContain(
      'Jane Doe, Loan Officer\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567\n100 Main Street, Boise, ID',
    );
    const unsigned = await replyTo(leads[1]!.id);
    expect(unsigned).toContain('Construction Loan Pros\nNMLS ID 1234567\n100 Main Street, Boise, ID');
    expect(unsigned).not.toContain('222');
  });

  it('signs the resume link of an application begun from a profile, and the loan file’s e-mails', async () => {
    await saveProfile(db, JANE, input({ displayName: 'Jane Doe', nmlsId: '654321' }), NOW);
    const limits = { perAddress: 3, windowMinutes: 10, mailsPerDraft: 3, mailsPerRecipient: 3, mailsPerDay: 50 };
    const draft = (officer?: string) =>
      db.transaction().execute((trx) =>
        saveDraft(
          trx,
          {
            email: `${officer ?? 'none'}@example.com`,
            values: { projectDescription: 'A cabin', ...(officer ? { officer } : {}) },
            step: 0,
            clientAddress: '203.0.113.7',
            siteUrl: 'https://loans.example',
          },
          limits,
          NOW,
        ),
      );
    await draft('jane-doe');
    await draft();
    const mails = await db
      .selectFrom('notifications')
      .select('payload')
      .where('subject_type', '=', 'draft')
      .orderBy('id')
      .execute();
    const texts = mails.map((mail) => JSON.parse(mail.payload) as { to: string; text: string });
    expect(texts.find((mail) => mail.to === 'jane-doe@example.com')!.text).toContain(
      'Jane Doe\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567',
    );
    expect(texts.find((mail) => mail.to === 'none@example.com')!.text).not.toContain('NMLS');

    // A loan file's e-mail, signed by the officer its lead is assigned to at the time it is written.
    const [leadId] = await db.transaction().execute(async (trx) => {
      const { insertLeads } = await import('../../lib/leads/store.server');
      return insertLeads(trx, [
        {
          lead: {
            kind: 'application',
            fields: fullApplication,
            page: '/apply',
            consent: false,
            spamReason: null,
            clientAddress: '203.0.113.8',
            userAgent: 'test',
            officer: 'jane-doe',
          },
          now: NOW,
        },
      ]);
    });
    const { file } = await openLoanFile(db, leadId!, { now: NOW });
    await db
      .transaction()
      .execute((trx) =>
        queueFileMail(trx, file.id, milestoneMessage({ to: 'jane@example.com', milestone: 'approved', link: 'L' }), NOW),
      );
    const fileMails = await db
      .selectFrom('notifications')
      .select('payload')
      .where('subject_type', '=', 'loan-file')
      .where('subject_id', '=', file.id)
      .execute();
    const approved = fileMails
      .map((mail) => JSON.parse(mail.payload) as { subject: string; text: string })
      .find((mail) => mail.subject === 'Your loan has reached: Loan approved');
    expect(approved!.text).toMatch(/\n\nJane Doe\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567\n$/);
  });
});
