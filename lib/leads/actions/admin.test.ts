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

const actions = await import('./admin');

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

  it('need a reason to close a lead as lost, an assignee who works leads, and record who moved it', async () => {
    const db = state.db as DB;
    expect(await actions.moveLeadAction({ id: leadId, status: 'lost' })).toMatchObject({
      ok: false,
      title: '❌ Lead Not Moved',
      error: 'Say why the lead was lost.',
    });
    expect(await actions.updateLeadAction({ id: leadId, status: 'lost', notes: '', lostReason: '  ' })).toMatchObject({
      ok: false,
      fieldErrors: { lostReason: 'Say why the lead was lost.' },
    });
    expect(await actions.updateLeadAction({ id: leadId, status: 'new', notes: '', assigneeId: 'nobody' })).toMatchObject({
      ok: false,
      fieldErrors: { assigneeId: expect.any(String) },
    });
    expect(await actions.updateLeadAction({ id: leadId, status: 'new', notes: '', followUpOn: '2026-13-45' })).toMatchObject({
      ok: false,
      fieldErrors: { followUpOn: expect.any(String) },
    });
    // Nothing changed by the refusals.
    expect(await db.selectFrom('lead_status_changes').selectAll().execute()).toEqual([]);

    expect(await actions.moveLeadAction({ id: leadId, status: 'qualified' })).toMatchObject({ ok: true, title: '✅ Lead Moved' });
    expect(await actions.moveLeadAction({ id: leadId, status: 'lost', lostReason: 'Too far away.' })).toMatchObject({ ok: true });
    expect(await actions.moveLeadAction({ id: 'missing', status: 'won' })).toMatchObject({
      ok: false,
      title: '❌ Lead Not Found',
    });
    const detail = await actions.leadDetailAction({ id: leadId });
    expect(detail).toMatchObject({
      ok: true,
      data: {
        lead: { status: 'lost' },
        pipeline: {
          lostReason: 'Too far away.',
          history: [
            { from: 'spam', to: 'qualified', actor: 'admin' },
            { from: 'qualified', to: 'lost', reason: 'Too far away.', actor: 'admin' },
          ],
        },
      },
    });
    const logged = await db.selectFrom('activity_log').select('action').where('target', '=', leadId).orderBy('at').execute();
    expect(logged.map((e) => e.action)).toContain('lead_status_changed');
  });
});
