import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSqlite } from '../../../tests/support/temp-db';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';
import { FIXED_MILESTONES } from '../milestones';
import { allNeedTemplates, milestoneField, needField, NO_OVERRIDES } from '../template-overrides';
import { readTemplateOverrides } from '../template-overrides.server';

/**
 * The needs list and milestones settings' actions over a real database: the owner only, a refused
 * field named with nothing saved, a save and a restore logged once each, a save of no change not.
 */

const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown, refreshed: 0 }));
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
// Next's refresh works only inside a Server Action's request.
vi.mock('next/cache', () => ({ refresh: () => void state.refreshed++ }));

const actions = await import('./templates');

const session = (role: string) => ({
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'admin', email: null, name: 'Someone', role },
});

/** The form as the page first shows it, with `changes` on top (undefined: a box unticked). */
function form(changes: Record<string, string | undefined> = {}): FormData {
  const fields: Record<string, string | undefined> = Object.fromEntries([
    ...allNeedTemplates().flatMap((t) => [
      [needField(t.key, 'label'), t.label],
      [needField(t.key, 'note'), t.note],
      [needField(t.key, 'on'), 'on'],
    ]),
    ...FIXED_MILESTONES.flatMap((m) => [
      [milestoneField(m.key, 'label'), m.label],
      [milestoneField(m.key, 'description'), m.description],
    ]),
  ]);
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...fields, ...changes })) if (value !== undefined) data.set(key, value);
  return data;
}

let db: DB;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  const handle = tempSqlite();
  cleanup = handle.cleanup;
  db = handle.db;
  await migrateToLatest(db);
  Object.assign(state, { db, session: session('owner'), refreshed: 0 });
});
afterEach(() => cleanup());

const activity = () => db.selectFrom('activity_log').select(['action', 'target', 'detail']).orderBy('at').orderBy('id').execute();

describe('templates actions', () => {
  it('are the owner’s alone', async () => {
    state.session = session('loan_officer');
    // Refused with Next's forbidden(), which throws.
    await expect(actions.saveTemplatesAction(null, form({ [needField('builder-w9', 'on')]: undefined }))).rejects.toThrow();
    await expect(actions.restoreTemplateDefaultsAction(null, new FormData())).rejects.toThrow();
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
    expect(await activity()).toEqual([]);
  });

  it('refuse a bad field by name and save nothing', async () => {
    const result = await actions.saveTemplatesAction(null, form({ [needField('photo-id', 'label')]: ' ' }));
    expect(result).toMatchObject({ ok: false, title: '❌ Not Saved' });
    expect(!result.ok && result.fieldErrors?.[needField('photo-id', 'label')]).toBeTruthy();
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
  });

  it('save and restore the defaults, each logged once', async () => {
    const edits = { [needField('builder-w9', 'on')]: undefined, [milestoneField('approved', 'label')]: 'Clear to close' };
    expect(await actions.saveTemplatesAction(null, form(edits))).toMatchObject({ ok: true });
    expect(await actions.saveTemplatesAction(null, form(edits))).toMatchObject({ ok: true });
    const saved = await readTemplateOverrides(db);
    expect(saved.needs['builder-w9']?.off).toBe(true);
    expect(saved.milestones['approved']?.label).toBe('Clear to close');

    expect(await actions.restoreTemplateDefaultsAction(null, new FormData())).toMatchObject({ ok: true });
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
    const log = await activity();
    expect(log.map((entry) => [entry.action, entry.target])).toEqual([
      ['loan_file_templates_changed', 'loan_file_templates'],
      ['loan_file_templates_changed', 'loan_file_templates'],
    ]);
    expect(state.refreshed).toBe(3);
  });
});
