import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engines } from '../../../tests/support/engines';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';
import { TEXAS_NOTICE } from '../state-notices';

/**
 * The Licenses section's actions over a real database on each engine: the owner alone, input the
 * schema refuses changes nothing (no row, no log entry, no cache expiry), and every write is
 * logged with the license it touched, a removal included, and expires the licenses page's tag.
 */

const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown, refreshed: 0, expired: [] as string[] }));
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
// Next's refresh and updateTag work only inside a Server Action's request.
vi.mock('next/cache', () => ({
  refresh: () => void state.refreshed++,
  updateTag: (tag: string) => void state.expired.push(tag),
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const actions = await import('./licenses');

const session = (role: string) => ({
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'admin', email: null, name: 'Someone', role },
});

const texasFields = {
  state: 'TX',
  type: 'Residential Mortgage Loan Company License',
  number: '1234567',
  regulatorName: 'Texas Department of Savings and Mortgage Lending',
  regulatorUrl: 'https://www.sml.texas.gov/',
  notice: TEXAS_NOTICE,
};

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe.each(engines)('license actions (%s)', (_engine, open) => {
  let db: DB;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    const handle = await open();
    cleanup = handle.cleanup;
    db = handle.db;
    await migrateToLatest(db);
    Object.assign(state, { db, session: session('owner'), refreshed: 0, expired: [] });
  });
  afterEach(() => cleanup());

  const rows = () => db.selectFrom('state_licenses').selectAll().execute();
  const activity = async () =>
    (await db.selectFrom('activity_log').select(['action', 'target', 'detail']).orderBy('at').orderBy('id').execute()).map(
      (entry) => ({ ...entry, detail: JSON.parse(entry.detail) as unknown }),
    );

  it('are the owner’s alone: signed out or another role, nothing is written', async () => {
    state.session = null;
    expect(await actions.addLicenseAction(null, form(texasFields))).toMatchObject({ ok: false, title: 'Signed Out' });
    expect(await actions.removeLicenseAction({ id: 'x' })).toMatchObject({ ok: false, title: 'Signed Out' });
    for (const role of ['editor', 'loan_officer']) {
      state.session = session(role);
      // Refused with Next's forbidden(), which throws.
      await expect(actions.addLicenseAction(null, form(texasFields))).rejects.toThrow();
      await expect(actions.updateLicenseAction(null, form({ ...texasFields, id: 'x' }))).rejects.toThrow();
      await expect(actions.removeLicenseAction({ id: 'x' })).rejects.toThrow();
    }
    expect(await rows()).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(state.expired).toEqual([]);
  });

  it('refuse bad input by field and change nothing', async () => {
    const bad = [
      { ...texasFields, state: 'ZZ' },
      { ...texasFields, number: ' ' },
      { ...texasFields, regulatorUrl: 'http://www.sml.texas.gov/' },
      { ...texasFields, type: 'x'.repeat(101) },
    ];
    for (const fields of bad) {
      const result = await actions.addLicenseAction(null, form(fields));
      expect(result).toMatchObject({ ok: false, title: '❌ License Not Added', error: 'Some fields need attention.' });
      expect(Object.keys((!result.ok && result.fieldErrors) || {})).toHaveLength(1);
    }
    // A forged call without a form, and a removal without an id.
    expect(await actions.addLicenseAction(null, {} as FormData)).toMatchObject({ ok: false });
    expect(await actions.removeLicenseAction({} as { id: string })).toMatchObject({ ok: false });
    expect(await rows()).toEqual([]);
    expect(await activity()).toEqual([]);
    expect(state.expired).toEqual([]);
    expect(state.refreshed).toBe(0);
  });

  it('add, edit and remove: each logged with the license, each expiring the licenses page', async () => {
    const added = await actions.addLicenseAction(null, form({ ...texasFields, state: 'tx' }));
    expect(added).toMatchObject({
      ok: true,
      title: '✅ License Added',
      message: 'Texas Residential Mortgage Loan Company License 1234567 is listed on the licenses page.',
    });
    if (!added.ok) throw new Error(added.error);
    const id = added.data.id;
    expect(state.expired).toContain('licenses');

    const again = await actions.addLicenseAction(null, form(texasFields));
    expect(again).toMatchObject({ ok: false, title: '❌ License Not Added' });

    const edit = { ...texasFields, id, number: '7654321', notice: '' };
    expect(await actions.updateLicenseAction(null, form(edit))).toMatchObject({
      ok: true,
      data: { id, number: '7654321', notice: '' },
    });
    const badEdit = await actions.updateLicenseAction(null, form({ ...edit, regulatorUrl: 'ftp://x.gov' }));
    expect(badEdit).toMatchObject({ ok: false, title: '❌ License Not Saved' });
    expect(await actions.updateLicenseAction(null, form({ ...edit, id: 'missing' }))).toMatchObject({
      ok: false,
      title: '❌ License Not Found',
    });

    expect(await actions.removeLicenseAction({ id })).toMatchObject({ ok: true, title: '🗑️ License Removed' });
    expect(await actions.removeLicenseAction({ id })).toMatchObject({ ok: false, title: '❌ License Not Found' });

    const [row] = await rows();
    expect(row).toMatchObject({ id, license_number: '7654321', notice: '' });
    expect(row!.removed_at).not.toBeNull();
    const license = { state: 'TX', type: 'Residential Mortgage Loan Company License' };
    expect(await activity()).toEqual([
      { action: 'license_added', target: id, detail: { ...license, number: '1234567' } },
      { action: 'license_updated', target: id, detail: { ...license, number: '7654321' } },
      { action: 'license_removed', target: id, detail: { ...license, number: '7654321' } },
    ]);
    expect(state.refreshed).toBe(3);
  });
});
