import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';
import { tempSqlite } from '../../../tests/support/temp-db';
import { recordLead } from '../../../tests/support/leads';

/** The lead dialog's Server Actions: the session check and input validation before any read or write. */

const owner = {
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'admin', email: null, name: 'Owner', role: 'owner' },
};
const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown, woken: 0 }));
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('../../notifications/process-worker.server', () => ({ wakeOutbox: () => void state.woken++ }));
vi.mock('../../log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const actions = await import('./actions');

let cleanup: () => Promise<void>;
let leadId: string;
beforeEach(async () => {
  const handle = tempSqlite();
  cleanup = handle.cleanup;
  await migrateToLatest(handle.db);
  state.db = handle.db;
  state.session = owner;
  state.woken = 0;
  ({ id: leadId } = await recordLead(handle.db as DB, {
    kind: 'ebook',
    fields: { name: 'Bo', email: 'bo@example.com' },
    page: '/ebook',
    consent: false,
    spamReason: 'honeypot',
    clientAddress: '203.0.113.1',
    userAgent: 't',
  }));
});
afterEach(() => cleanup());

describe('Leads tab actions', () => {
  it('refuse every call without a session', async () => {
    state.session = null;
    const signedOut = { ok: false, title: 'Signed Out' };
    expect(await actions.leadDetailAction({ id: leadId })).toMatchObject(signedOut);
    expect(await actions.updateLeadAction({ id: leadId, status: 'won', notes: '' })).toMatchObject(signedOut);
    expect(await actions.retryNotificationAction({ id: leadId })).toMatchObject(signedOut);
    expect(await actions.notSpamAction({ id: leadId })).toMatchObject(signedOut);
    expect(await actions.deleteLeadAction({ id: leadId })).toMatchObject(signedOut);
    state.session = owner;
    expect(await actions.leadDetailAction({ id: leadId })).toMatchObject({ ok: true, data: { lead: { status: 'spam' } } });
    expect(state.woken).toBe(0);
  });

  it('reject an invalid status, over-long notes and bad ids, changing nothing', async () => {
    const invalid = await actions.updateLeadAction({ id: leadId, status: 'hot' as 'new', notes: 'x' });
    expect(invalid).toMatchObject({
      ok: false,
      title: '❌ Lead Not Saved',
      fieldErrors: { status: 'Choose one of the listed statuses.' },
    });
    expect(await actions.updateLeadAction({ id: leadId, status: 'won', notes: 'x'.repeat(10_001) })).toMatchObject({
      ok: false,
      fieldErrors: { notes: expect.stringContaining('too long') },
    });
    expect(await actions.updateLeadAction({ id: 1 as unknown as string, status: 'won', notes: '' })).toMatchObject({
      ok: false,
      title: '❌ Lead Not Saved',
      fieldErrors: { id: expect.any(String) },
    });
    expect(await actions.deleteLeadAction({ id: '' })).toMatchObject({
      ok: false,
      title: '❌ Not Saved',
      fieldErrors: { id: expect.any(String) },
    });
    expect(await actions.leadDetailAction('x' as unknown as { id: string })).toMatchObject({ ok: false, title: '❌ Not Saved' });
    expect(await actions.leadDetailAction({ id: 'missing' })).toMatchObject({ ok: false, title: '❌ Lead Not Found' });
    const detail = await actions.leadDetailAction({ id: leadId });
    expect(detail).toMatchObject({ ok: true, data: { lead: { status: 'spam', notes: '', isSpam: true } } });
  });

  it('save, un-spam (waking the outbox), retry and delete', async () => {
    const saved = await actions.updateLeadAction({ id: leadId, status: 'contacted', notes: 'Called.' });
    expect(saved).toMatchObject({
      ok: true,
      data: { lead: { status: 'contacted', notes: 'Called.', isSpam: false, notification: { status: 'waiting' } } },
    });
    expect(state.woken).toBe(1);
    expect(await actions.notSpamAction({ id: leadId })).toMatchObject({ ok: true });
    expect(await actions.retryNotificationAction({ id: leadId })).toMatchObject({ ok: true, title: '📨 Retrying Now' });
    expect(await actions.deleteLeadAction({ id: leadId })).toMatchObject({ ok: true, title: '🗑️ Lead Deleted' });
    expect(await actions.deleteLeadAction({ id: leadId })).toMatchObject({ ok: false, title: '❌ Lead Not Found' });
    expect(await actions.leadDetailAction({ id: leadId })).toMatchObject({ ok: false, title: '❌ Lead Not Found' });
  });
});
