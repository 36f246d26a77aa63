import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCredentials, setPassword } from '../../lib/auth/credentials.server';
import { base32Decode, timeStep, totpCode } from '../../lib/auth/two-factor/totp';
import { confirmTotpSetUp, startTotpSetUp } from '../../lib/auth/two-factor/totp-store.server';
import { lastBackupAt, recordBackupIn, recordBackupTaken } from '../../lib/db/backup/last-backup.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { parseEnv } from '../../lib/env-schema';
import { readContentForEdit, saveContent } from '../../lib/content/mutations.server';
import { addLicense } from '../../lib/licenses/mutations.server';
import type { SettingsSources } from '../../lib/settings/environment';
import { writeSettings } from '../../lib/settings/store.server';
import { forgetTestSuccess, recordTestSuccess } from '../../lib/settings/test-results.server';
import { readSetupChecklist } from '../../lib/setup-checklist/checklist.server';
import type { SetupItemStatus } from '../../lib/setup-checklist/summary';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

vi.hoisted(() => {
  // Two-factor's secret and the saved settings are sealed with it.
  process.env.SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
});

/**
 * The Overview's setup checklist (issue 33, point 2) on a real database: each item ticks as its
 * fact changes (the password, two-factor, a test e-mail, the postal address, a license, the site's
 * address, a backup), a skipped item stays skipped on every instance until shown again, and only
 * the owner may skip, logged once. Only Next's request-bound parts stand in for the actions: the
 * session, headers and the page refresh.
 */

const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown }));
vi.mock('../../lib/auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
vi.mock('next/cache', async (original) => ({
  ...(await original<typeof import('next/cache')>()),
  updateTag: () => undefined,
  refresh: () => undefined,
}));

const { skipSetupItemAction, showSetupItemsAgainAction } = await import('../../lib/setup-checklist/actions/checklist');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-12-01T12:00:00Z');
const DAY = 86_400_000;
const OWNER = 'admin';

const session = (role: string, id = OWNER) => ({
  id: `s-${id}`,
  authenticatedAt: NOW.toISOString(),
  mustChoosePassword: false,
  account: { id, email: id === OWNER ? null : `${id}@example.com`, name: id, role },
});

/** The server's configuration, without SITE_URL unless given (`raw` as the operator set it). */
function sources(raw: Record<string, string> = {}): SettingsSources {
  return { env: parseEnv(raw), raw };
}

async function prepared(db: DB): Promise<DB> {
  await migrateToLatest(db);
  await seedIfEmpty(db, new Date('2026-11-01T00:00:00Z'));
  // The owner as a new site has it: the built-in default password in effect.
  await readCredentials(db, undefined, NOW);
  return db;
}

/** The database as two instances see it: one handle on SQLite, two connection pools on PostgreSQL. */
async function sqlite(): Promise<{ db: DB; other: DB; url: string }> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  const db = await prepared(handle.db);
  return { db, other: db, url: `file:${handle.path}` };
}

async function postgres(adminUrl: string): Promise<{ db: DB; other: DB; url: string }> {
  const handle = await tempPostgres(adminUrl);
  cleanups.push(handle.cleanup);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return { db: await prepared(handle.db), other, url: handle.url };
}

async function statuses(db: DB, options: { raw?: Record<string, string>; now?: Date } = {}) {
  const list = await readSetupChecklist(db, { accountId: OWNER, sources: sources(options.raw), now: options.now ?? NOW });
  return Object.fromEntries(list.items.map((item) => [item.id, item.status])) as Record<string, SetupItemStatus>;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const logged = (db: DB) =>
  db
    .selectFrom('activity_log')
    .select(['actor_id', 'action', 'target', 'detail'])
    .where('action', 'in', ['setup_item_skipped', 'setup_items_shown_again'])
    .execute();

describe.each(testEngines(sqlite, postgres))('the setup checklist on %s', (_engine, open) => {
  it('is all to do on a new site, and each item ticks as its fact changes', async () => {
    const { db } = await open();
    const first = await readSetupChecklist(db, { accountId: OWNER, sources: sources(), now: NOW });
    expect(first).toMatchObject({ done: 0, skipped: 0, open: 7, total: 7 });
    expect(Object.values(await statuses(db))).toEqual(Array(7).fill('todo'));

    await setPassword(db, 'the owner’s own long passphrase', NOW);
    expect((await statuses(db)).password).toBe('done');

    const setUp = await startTotpSetUp(db, { id: OWNER, email: null });
    const secret = base32Decode(setUp.secret)!;
    // The set-up's challenge lives by the real clock.
    const now = new Date();
    const confirmed = await confirmTotpSetUp(db, OWNER, totpCode(secret, timeStep(now.getTime())), now);
    expect(confirmed.ok).toBe(true);
    expect((await statuses(db))['two-factor']).toBe('done');

    // The row the Settings page's 'Send a test e-mail' writes; a change of the mail settings forgets it.
    await recordTestSuccess(db, 'mail', OWNER, NOW);
    const withMail = await readSetupChecklist(db, { accountId: OWNER, sources: sources(), now: NOW });
    expect(withMail.items.find((item) => item.id === 'email')).toMatchObject({ status: 'done', at: NOW.toISOString() });
    await forgetTestSuccess(db, 'mail');
    expect((await statuses(db)).email).toBe('todo');
    await recordTestSuccess(db, 'mail', OWNER, NOW);

    // Spaces alone are no address.
    for (const [postalAddress, status] of [
      ['   ', 'todo'],
      ['123 Main St, Boise, ID 83702', 'done'],
    ] as const) {
      const { content, revision } = await readContentForEdit(db);
      const saved = await saveContent(db, { ...content, autoReply: { ...content.autoReply, postalAddress } }, revision);
      expect(saved.ok).toBe(true);
      expect((await statuses(db))['postal-address']).toBe(status);
    }

    const license = await addLicense(db, {
      state: 'TX',
      type: 'Residential Mortgage Loan Company License',
      number: '1234567',
      regulatorName: 'Texas Department of Savings and Mortgage Lending',
      regulatorUrl: null,
      notice: '',
    });
    expect(license).not.toBe('duplicate');
    expect((await statuses(db)).licenses).toBe('done');

    // The site's address: the variable the operator set, or the one saved in Settings.
    expect((await statuses(db, { raw: { SITE_URL: 'https://www.example.com' } }))['site-url']).toBe('done');
    expect((await statuses(db))['site-url']).toBe('todo');
    await writeSettings(db, { siteUrl: 'https://loans.example.com' }, OWNER, NOW);
    expect((await statuses(db))['site-url']).toBe('done');

    // A backup counts for 7 days.
    await recordBackupTaken(db, new Date(NOW.getTime() - 8 * DAY));
    expect((await statuses(db)).backups).toBe('todo');
    await recordBackupTaken(db, new Date(NOW.getTime() - 6 * DAY));
    expect((await statuses(db)).backups).toBe('done');
    expect((await statuses(db, { now: new Date(NOW.getTime() + 2 * DAY) })).backups).toBe('todo');

    expect(await readSetupChecklist(db, { accountId: OWNER, sources: sources(), now: NOW })).toMatchObject({
      done: 7,
      open: 0,
    });
  });

  it('records a backup through its own connection, as npm run db:backup does', async () => {
    const { db, url } = await open();
    expect(await lastBackupAt(db)).toBeNull();
    await recordBackupIn(url, NOW);
    expect(await lastBackupAt(db)).toBe(NOW.toISOString());
    expect((await statuses(db)).backups).toBe('done');
  });

  it('keeps a skipped item skipped on every instance until shown again, logged once each way', async () => {
    const { db, other } = await open();
    Object.assign(state, { db, session: session('owner') });

    expect(await skipSetupItemAction(null, form({ item: 'backups' }))).toMatchObject({ ok: true, title: '✅ Item Skipped' });
    expect(await skipSetupItemAction(null, form({ item: 'backups' }))).toMatchObject({ ok: true });
    expect(await skipSetupItemAction(null, form({ item: 'two-factor' }))).toMatchObject({ ok: true });
    const seen = await readSetupChecklist(other, { accountId: OWNER, sources: sources(), now: NOW });
    expect(seen).toMatchObject({ done: 0, skipped: 2, open: 5 });
    expect(seen.items.filter((item) => item.status === 'skipped').map((item) => item.id)).toEqual(['two-factor', 'backups']);

    // Done wins over skipped.
    await recordBackupTaken(db, NOW);
    expect((await statuses(other)).backups).toBe('done');

    // One item shown again, then all of them.
    expect(await showSetupItemsAgainAction(null, form({ item: 'two-factor' }))).toMatchObject({ ok: true });
    expect((await statuses(other))['two-factor']).toBe('todo');
    expect(await showSetupItemsAgainAction(null, form({}))).toMatchObject({ ok: true });
    expect(await showSetupItemsAgainAction(null, form({}))).toMatchObject({ ok: true });
    expect(await other.selectFrom('setup_checklist_dismissals').selectAll().execute()).toEqual([]);

    // In any order: two entries may share a millisecond.
    const entries = (await logged(db)).map((entry) => [entry.actor_id, entry.action, entry.target, JSON.parse(entry.detail)]);
    expect(entries).toHaveLength(4);
    expect(entries).toEqual(
      expect.arrayContaining([
        [OWNER, 'setup_item_skipped', 'backups', {}],
        [OWNER, 'setup_item_skipped', 'two-factor', {}],
        [OWNER, 'setup_items_shown_again', 'two-factor', { items: 1 }],
        [OWNER, 'setup_items_shown_again', '', { items: 1 }],
      ]),
    );
  });

  it('lets only the owner skip, and only the items there are', async () => {
    const { db } = await open();
    Object.assign(state, { db, session: null });
    expect(await skipSetupItemAction(null, form({ item: 'licenses' }))).toMatchObject({ ok: false, title: 'Signed Out' });
    for (const role of ['editor', 'loan_officer']) {
      state.session = session(role, `u-${role}`);
      // Refused with Next's forbidden(), which throws.
      await expect(skipSetupItemAction(null, form({ item: 'licenses' }))).rejects.toThrow();
      await expect(showSetupItemsAgainAction(null, form({}))).rejects.toThrow();
    }
    state.session = session('owner');
    for (const item of ['made-up', '', 'LICENSES'])
      expect(await skipSetupItemAction(null, form({ item }))).toMatchObject({ ok: false, title: '❌ Not Saved' });
    expect(await db.selectFrom('setup_checklist_dismissals').selectAll().execute()).toEqual([]);
    expect(await logged(db)).toEqual([]);
  });
});
