import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSqlite } from '../../../tests/support/temp-db';
import { fullApplication } from '../../../tests/support/lead-data';
import { recordLead } from '../../../tests/support/leads';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';
import { markUploaded } from '../items.server';
import { loanFile } from '../queries.server';

/**
 * The loan file's admin actions over a real database: the session first, the domain's refusals
 * as the toast's message, the outbox woken when an e-mail is queued, and an activity log that
 * holds ids and never the broker's words (a rejection's reason, an item's name).
 */

const state = vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 32).toString('base64');
  return { session: null as object | null, db: null as unknown, woken: 0, refreshed: 0 };
});
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('../../notifications/process-worker.server', () => ({ wakeOutbox: () => void state.woken++ }));
// Next's refresh works only inside a Server Action's request.
vi.mock('next/cache', () => ({ refresh: () => void state.refreshed++ }));

const actions = await import('./files');

const owner = {
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'admin', email: null, name: 'Owner', role: 'owner' },
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

let db: DB;
let cleanup: () => Promise<void>;
let leadId: string;
beforeEach(async () => {
  const handle = tempSqlite();
  cleanup = handle.cleanup;
  db = handle.db;
  await migrateToLatest(db);
  Object.assign(state, { db, session: owner, woken: 0, refreshed: 0 });
  ({ id: leadId } = await recordLead(db, {
    kind: 'application',
    fields: { ...fullApplication, builderStatus: 'have-builder' },
    page: '/apply',
    consent: false,
    spamReason: null,
    clientAddress: '203.0.113.1',
    userAgent: 't',
  }));
});
afterEach(() => cleanup());

const activity = () => db.selectFrom('activity_log').select(['action', 'target', 'detail']).orderBy('at').orderBy('id').execute();

async function openedFileId(): Promise<string> {
  const opened = await actions.openLoanFileAction({ leadId });
  if (!opened.ok) throw new Error(opened.error);
  return opened.data.fileId;
}

describe('loan file actions', () => {
  it('need a session, and open one file per lead', async () => {
    state.session = null;
    expect(await actions.openLoanFileAction({ leadId })).toMatchObject({ ok: false, title: 'Signed Out' });
    expect(await actions.setMilestoneAction(null, form({ fileId: 'x', milestone: 'approved' }))).toMatchObject({
      ok: false,
      title: 'Signed Out',
    });
    state.session = owner;
    const fileId = await openedFileId();
    expect(await actions.openLoanFileAction({ leadId })).toMatchObject({ ok: true, data: { fileId } });
    expect(await activity()).toEqual([{ action: 'loan_file_opened', target: fileId, detail: JSON.stringify({ lead: leadId }) }]);
    expect(await actions.openLoanFileAction({ leadId: 'f'.repeat(32) })).toEqual({
      ok: false,
      title: '❌ Loan File Not Opened',
      error: 'This lead was not found.',
    });
  });

  it('review items: accept with the expiry date asked for, reject with a reason that is e-mailed but not logged', async () => {
    const fileId = await openedFileId();
    const file = (await loanFile(db, fileId))!;
    const insurance = file.items.find((item) => item.asksExpiry)!;
    const photoId = file.items.find((item) => item.templateKey === 'photo-id')!;
    await markUploaded(db, insurance.id);
    await markUploaded(db, photoId.id);

    expect(await actions.acceptItemAction(null, form({ itemId: insurance.id, expiresOn: '' }))).toEqual({
      ok: false,
      title: '❌ Not Accepted',
      error: 'Enter the date this certificate expires.',
    });
    expect(await actions.acceptItemAction(null, form({ itemId: insurance.id, expiresOn: '2027-13-01' }))).toMatchObject({
      ok: false,
      fieldErrors: { expiresOn: 'Enter the expiry date as YYYY-MM-DD.' },
    });
    expect(await actions.acceptItemAction(null, form({ itemId: insurance.id, expiresOn: '2027-06-30' }))).toMatchObject({
      ok: true,
      title: '✅ Accepted',
    });

    expect(await actions.rejectItemAction(null, form({ itemId: photoId.id, reason: '  ' }))).toMatchObject({
      ok: false,
      title: '❌ Not Rejected',
      fieldErrors: { reason: 'Say why, so they know what to send instead.' },
    });
    const reason = 'The photo is cut off CLP-REASON-MARKER';
    expect(await actions.rejectItemAction(null, form({ itemId: photoId.id, reason }))).toMatchObject({ ok: true });
    expect(state.woken).toBe(1);
    expect(await actions.rejectItemAction(null, form({ itemId: photoId.id, reason }))).toEqual({
      ok: false,
      title: '❌ Not Rejected',
      error: 'Only a document that was sent can be rejected.',
    });

    const after = (await loanFile(db, fileId))!;
    expect(after.items.find((i) => i.id === insurance.id)).toMatchObject({ state: 'accepted', expiresOn: '2027-06-30' });
    expect(after.items.find((i) => i.id === photoId.id)).toMatchObject({ state: 'rejected', rejectReason: reason });
    const log = await activity();
    expect(log.map((entry) => entry.action)).toEqual(['loan_file_opened', 'loan_file_item_accepted', 'loan_file_item_rejected']);
    expect(JSON.parse(log[2]!.detail)).toEqual({ file: fileId, reason: true, notified: 'borrower' });
    expect(JSON.stringify(log)).not.toContain('CLP-REASON-MARKER');
    expect(state.refreshed).toBe(2);
  });

  it('set the builder, send their link, add an item and move the milestone', async () => {
    const fileId = await openedFileId();
    expect(await actions.sendBuilderLinkAction(null, form({ fileId }))).toEqual({
      ok: false,
      title: '❌ Link Not Sent',
      error: 'Enter the builder’s e-mail address first.',
    });
    expect(
      await actions.updateBuilderAction(null, form({ fileId, name: 'Oak Homes', email: 'not an address', license: '' })),
    ).toMatchObject({ ok: false, fieldErrors: { email: 'Enter a valid e-mail address, like name@example.com.' } });
    expect(
      await actions.updateBuilderAction(null, form({ fileId, name: 'Oak Homes', email: 'Build@Oak.example', license: 'RCE-1' })),
    ).toMatchObject({ ok: true });
    expect(await actions.sendBuilderLinkAction(null, form({ fileId }))).toMatchObject({
      ok: true,
      message: expect.stringContaining('build@oak.example'),
    });
    expect(
      await actions.addItemAction(null, form({ fileId, label: 'Septic permit', note: '', owedBy: 'builder' })),
    ).toMatchObject({ ok: true });
    expect(await actions.addItemAction(null, form({ fileId, label: '', owedBy: 'builder' }))).toMatchObject({
      ok: false,
      fieldErrors: { label: 'Name the document.' },
    });

    expect(await actions.setMilestoneAction(null, form({ fileId, milestone: 'draw-99' }))).toMatchObject({
      ok: false,
      fieldErrors: { milestone: 'Choose a milestone.' },
    });
    expect(await actions.setMilestoneAction(null, form({ fileId, milestone: 'pre-qualified' }))).toMatchObject({
      ok: true,
      message: 'Pre-qualified.',
    });
    expect(await actions.setMilestoneAction(null, form({ fileId, milestone: 'draw-1', notify: 'on' }))).toMatchObject({
      ok: true,
      message: 'Draw 1 released: the borrower is told by e-mail.',
    });
    expect(await actions.setMilestoneAction(null, form({ fileId, milestone: 'draw-1', notify: 'on' }))).toMatchObject({
      ok: true,
      title: 'No Change',
    });

    const file = (await loanFile(db, fileId))!;
    expect(file).toMatchObject({
      builder: { name: 'Oak Homes', email: 'build@oak.example', license: 'RCE-1' },
      hasBuilderLink: true,
      milestone: 'draw-1',
    });
    expect(file.items.at(-1)).toMatchObject({ label: 'Septic permit', owedBy: 'builder', state: 'requested' });
    expect(state.woken).toBe(2);
    const log = await activity();
    expect(log.map((entry) => entry.action)).toEqual([
      'loan_file_opened',
      'loan_file_builder_changed',
      'loan_file_builder_link_sent',
      'loan_file_item_added',
      'loan_file_milestone_changed',
      'loan_file_milestone_changed',
    ]);
    expect(JSON.stringify(log)).not.toMatch(/Septic|Oak Homes|build@oak/);
  });
});
