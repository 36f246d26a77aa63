import { afterEach, describe, expect, it } from 'vitest';
import { createSession, deleteAccountSession, listSessions, validateSession } from '../../lib/auth/sessions.server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { engines } from '../support/engines';

/**
 * 'Sign out' beside one of an account's sessions (My Account's Active Sessions): that browser's
 * next request finds no session, the account's other sessions go on, and nobody else's session
 * can be ended from there. The browser test (admin-team.spec.ts) clicks the button.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const limits = { idleMinutes: 120, maxDays: 7 };
const client = { userAgent: 'Test Browser', ip: '203.0.113.5' };

describe.each(engines)('signing out one session on %s', (_engine, open) => {
  async function withAccounts(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const stamp = new Date().toISOString();
    await handle.db
      .insertInto('admin_users')
      .values([
        { id: 'admin', email: null, role: 'owner', password_hash: 'x', created_at: stamp, updated_at: stamp },
        { id: 'erin', email: 'erin@example.com', role: 'editor', password_hash: 'x', created_at: stamp, updated_at: stamp },
      ])
      .execute();
    return handle.db;
  }

  it("ends that session at its next request, and only the account's own", async () => {
    const db = await withAccounts();
    const laptop = await createSession(db, client, new Date(), 'erin');
    const phone = await createSession(db, { ...client, userAgent: 'Phone' }, new Date(), 'erin');
    const owner = await createSession(db, client, new Date(), 'admin');

    expect(await deleteAccountSession(db, 'erin', laptop.id)).toBe(true);
    expect(await validateSession(db, laptop.token, limits)).toBeNull();
    expect((await validateSession(db, phone.token, limits))?.account.id).toBe('erin');
    expect((await listSessions(db, 'erin', limits)).map((s) => s.id)).toEqual([phone.id]);

    // Another account's session, or one already ended, is not this account's to end.
    expect(await deleteAccountSession(db, 'erin', owner.id)).toBe(false);
    expect((await validateSession(db, owner.token, limits))?.account.id).toBe('admin');
    expect(await deleteAccountSession(db, 'erin', laptop.id)).toBe(false);
  });
});
