import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { builderLink, fileForBuilderToken, sendBuilderLink, updateBuilder } from '../../lib/loan-files/builder.server';
import { deleteLoanFilesOfLeads } from '../../lib/loan-files/erase.server';
import { LoanFileError } from '../../lib/loan-files/errors';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { acceptItem, addItem, markUploaded, rejectItem, uploadableItem } from '../../lib/loan-files/items.server';
import { setMilestone } from '../../lib/loan-files/milestone-changes.server';
import {
  endPortalSession,
  portalSession,
  purgeExpiredPortalAccess,
  redeemSignInLink,
  requestSignInLink,
  SIGN_IN_LINKS_PER_HOUR,
} from '../../lib/loan-files/portal-auth.server';
import { listLoanFiles, loanFile, loanFileForLead } from '../../lib/loan-files/queries.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { scanDatabase } from '../support/database-scan';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

/**
 * The loan file domain on a real database (issue 30): a file opened from an application with its
 * needs list, once; the borrower's one-time sign-in link, whose token is never in the database in
 * clear; the builder's link, which shows the builder's items only; and the e-mails a rejection
 * and a milestone queue, to the right person.
 */

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 30).toString('base64');
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://loans.example.com';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** Owns the land with a balance owed, and has a builder. */
const application = { ...fullApplication, ownLand: 'yes', landBalance: '45000.50', builderStatus: 'have-builder' };

function lead(kind: NewLead['kind'], fields: Record<string, string>, spam = false): NewLead {
  return {
    kind,
    fields,
    page: '/apply',
    consent: false,
    spamReason: spam ? 'owner' : null,
    clientAddress: '203.0.113.7',
    userAgent: 'test',
  };
}

/**
 * The loan files' e-mails, oldest first (the tests queue each at its own time: ids made in one
 * millisecond are in no order), with any sealed token put back as the worker would.
 */
async function fileMails(db: DB): Promise<NotificationMessage[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'payload', 'sealed_secret', 'recipient'])
    .where('subject_type', '=', 'loan-file')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => (payloadToSend(row) as { payload: NotificationMessage }).payload);
}

const tokenIn = (mail: NotificationMessage | undefined, pattern: RegExp) => {
  const token = pattern.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link in ${mail?.text}`);
  return token;
};
const signInToken = (mail?: NotificationMessage) => tokenIn(mail, /\/portal\/sign-in\?token=([\w-]+)/);
const builderToken = (mail?: NotificationMessage) => tokenIn(mail, /\/portal\/builder\/([\w-]+)/);

const itemKeyed = (file: LoanFile, key: string) => {
  const item = file.items.find((i) => i.templateKey === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
};

describe.each(engines)('loan files on %s', (_engine, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle.db;
  }

  async function openedFile(db: DB): Promise<LoanFile> {
    const { id } = await recordLead(db, lead('application', application), NOW);
    return (await openLoanFile(db, id, { by: 'admin', now: NOW })).file;
  }

  it('opens one file from an application, with the needs list its answers call for', async () => {
    const db = await database();
    const { id: leadId } = await recordLead(db, lead('application', application), NOW);
    const [first, second] = await Promise.all([
      openLoanFile(db, leadId, { by: 'admin', now: NOW }),
      openLoanFile(db, leadId, { by: 'admin', now: NOW }),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(second.file.id).toBe(first.file.id);
    const again = await openLoanFile(db, leadId, { now: minutes(5) });
    expect(again.created).toBe(false);
    expect(again.file).toEqual(first.file);
    expect(await db.selectFrom('loan_files').select('id').execute()).toHaveLength(1);

    const file = first.file;
    expect(file).toMatchObject({
      leadId,
      borrower: { name: 'Jane Builder', email: 'jane@example.com', phone: '208-555-0142' },
      propertyAddress: '12 Oak Lane, Boise, ID 83702',
      builder: { name: null, email: null, license: null },
      milestone: 'application-received',
      history: [{ milestone: 'application-received', at: NOW.toISOString(), byAccount: 'admin' }],
      hasBuilderLink: false,
    });
    const keys = file.items.map((i) => i.templateKey);
    for (const key of [
      'land-deed',
      'land-payoff',
      'builder-license',
      'builder-insurance',
      'construction-contract',
      'construction-budget',
      'plans-specs',
    ])
      expect(keys).toContain(key);
    expect(keys).not.toContain('land-purchase-contract');
    expect(file.items.every((i) => i.state === 'requested')).toBe(true);
    expect(file.items.map((i) => i.position)).toEqual(file.items.map((_, i) => i));
    expect(itemKeyed(file, 'construction-contract').owedBy).toBe('builder');
    expect(itemKeyed(file, 'land-deed').owedBy).toBe('borrower');
    expect(itemKeyed(file, 'builder-insurance').asksExpiry).toBe(true);
    expect(await loanFileForLead(db, leadId)).toEqual(file);
    expect(await loanFile(db, 'missing')).toBeNull();

    const [summary] = await listLoanFiles(db);
    expect(summary).toMatchObject({ id: file.id, borrowerName: 'Jane Builder', milestone: 'application-received' });
    expect(summary?.counts).toEqual({ requested: file.items.length, uploaded: 0, accepted: 0, rejected: 0 });
  });

  it('opens a file from any lead with a name and e-mail, asking what everyone is asked; refuses spam and unknown leads', async () => {
    const db = await database();
    const ebook = await recordLead(db, lead('ebook', { name: 'Bo Reader', email: 'Bo@Example.com' }), NOW);
    const { file } = await openLoanFile(db, ebook.id, { now: NOW });
    expect(file.items.map((i) => i.templateKey)).toEqual(['photo-id', 'bank-statements', 'tax-returns', 'pay-stubs']);
    expect(file.borrower.email).toBe('bo@example.com');
    expect(file.history[0]?.byAccount).toBeNull();

    const spam = await recordLead(db, lead('application', application, true), NOW);
    await expect(openLoanFile(db, spam.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(openLoanFile(db, 'no-such-lead')).rejects.toMatchObject({ code: 'not-found' });
    const nameless = await recordLead(db, lead('ebook', { name: '', email: 'x@example.com' }), NOW);
    await expect(openLoanFile(db, nameless.id)).rejects.toBeInstanceOf(LoanFileError);
    expect(await db.selectFrom('loan_files').select('id').execute()).toHaveLength(1);
  });

  it('signs the borrower in by a one-time, expiring link, and answers an unknown address the same, sending nothing', async () => {
    const db = await database();
    const file = await openedFile(db);

    expect(await requestSignInLink(db, 'nobody@example.com', { siteUrl: SITE, now: NOW })).toBeUndefined();
    expect(await fileMails(db)).toEqual([]);
    expect(await db.selectFrom('portal_links').select('id').execute()).toEqual([]);

    expect(await requestSignInLink(db, '  JANE@Example.com ', { siteUrl: SITE, now: NOW })).toBeUndefined();
    const [mail] = await fileMails(db);
    expect(mail?.to).toBe('jane@example.com');
    const token = signInToken(mail);

    const signedIn = await redeemSignInLink(db, token, minutes(10));
    expect(signedIn).toMatchObject({ fileId: file.id, expiresAt: minutes(10 + 12 * 60) });
    expect(await redeemSignInLink(db, token, minutes(11))).toBeNull();
    const session = signedIn!.sessionToken;
    expect(await portalSession(db, session, minutes(12))).toBe(file.id);
    expect(await portalSession(db, session, minutes(10 + 12 * 60))).toBeNull();
    expect(await portalSession(db, 'made-up', minutes(12))).toBeNull();
    await endPortalSession(db, session);
    expect(await portalSession(db, session, minutes(12))).toBeNull();

    // Unused but past its 30 minutes: no way in.
    await requestSignInLink(db, 'jane@example.com', { siteUrl: SITE, now: minutes(20) });
    const late = signInToken((await fileMails(db))[1]);
    expect(await redeemSignInLink(db, late, minutes(50))).toBeNull();
    expect(await redeemSignInLink(db, 'made-up', minutes(21))).toBeNull();
  });

  it(`sends one address at most ${SIGN_IN_LINKS_PER_HOUR} links an hour, and the same answer beyond`, async () => {
    const db = await database();
    await openedFile(db);
    for (let i = 0; i < SIGN_IN_LINKS_PER_HOUR + 2; i++)
      expect(await requestSignInLink(db, 'jane@example.com', { siteUrl: SITE, now: minutes(i) })).toBeUndefined();
    expect(await fileMails(db)).toHaveLength(SIGN_IN_LINKS_PER_HOUR);
    await requestSignInLink(db, 'jane@example.com', { siteUrl: SITE, now: minutes(61) });
    expect(await fileMails(db)).toHaveLength(SIGN_IN_LINKS_PER_HOUR + 1);
    // The retention job keeps a link for the hour it counts, not just its 30 minutes.
    expect(await purgeExpiredPortalAccess(db, minutes(62))).toBe(3);
    expect(await db.selectFrom('portal_links').select('id').execute()).toHaveLength(SIGN_IN_LINKS_PER_HOUR + 1 - 3);
  });

  it('keeps no link or session token in the database in clear', async () => {
    const db = await database();
    const file = await openedFile(db);
    await updateBuilder(db, file.id, { name: 'Acme Homes', email: 'office@acme.example', license: 'ID-RCE-1234' });
    await requestSignInLink(db, 'jane@example.com', { siteUrl: SITE, now: NOW });
    await sendBuilderLink(db, file.id, { siteUrl: SITE, now: minutes(1) });
    const mails = await fileMails(db);
    const tokens = [signInToken(mails[0]), builderToken(mails[1])];
    const signedIn = await redeemSignInLink(db, tokens[0]!, NOW);
    tokens.push(signedIn!.sessionToken);

    const { hits, tables } = await scanDatabase(db, (text) => tokens.some((token) => text.includes(token)));
    expect(tables).toEqual(expect.arrayContaining(['notifications', 'portal_links', 'portal_sessions', 'loan_files']));
    expect(hits).toEqual([]);
    const sealed = await db.selectFrom('notifications').select('payload').where('subject_type', '=', 'loan-file').execute();
    expect(sealed.every((row) => row.payload.includes('{{sealed}}'))).toBe(true);
  });

  it('gives the builder a link to the builder’s items only, voided by a new link or a new builder address', async () => {
    const db = await database();
    const file = await openedFile(db);
    await expect(sendBuilderLink(db, file.id, { siteUrl: SITE })).rejects.toMatchObject({ code: 'conflict' });
    await updateBuilder(db, file.id, { name: 'Acme Homes', email: ' Office@Acme.example ', license: 'ID-RCE-1234' });
    expect((await loanFile(db, file.id))?.builder).toEqual({
      name: 'Acme Homes',
      email: 'office@acme.example',
      license: 'ID-RCE-1234',
    });
    expect(await sendBuilderLink(db, file.id, { siteUrl: SITE, now: NOW })).toEqual({ sentTo: 'office@acme.example' });
    const [mail] = await fileMails(db);
    expect(mail?.to).toBe('office@acme.example');
    const token = builderToken(mail);

    const view = await fileForBuilderToken(db, token);
    expect(view?.fileId).toBe(file.id);
    expect(view?.propertyAddress).toBe('12 Oak Lane, Boise, ID 83702');
    expect(view?.items.map((i) => i.templateKey)).toEqual([
      'builder-license',
      'builder-insurance',
      'builder-w9',
      'construction-contract',
      'construction-budget',
      'plans-specs',
    ]);
    // Ids left out: a random hex id holds '760' about once in twenty views.
    const shown = JSON.stringify(view, (key, value: unknown) => (key === 'id' || key.endsWith('Id') ? undefined : value));
    expect(shown).toContain('Acme Homes');
    for (const secret of ['jane@example.com', '18500', '760', 'Bank statements', 'Jane Builder'])
      expect(shown).not.toContain(secret);

    const deed = itemKeyed(file, 'land-deed');
    expect(await uploadableItem(db, deed.id, { fileId: file.id, as: 'builder' })).toBeNull();
    expect(await uploadableItem(db, deed.id, { fileId: file.id, as: 'borrower' })).toMatchObject({ id: deed.id });

    const url = await builderLink(db, file.id, { siteUrl: SITE });
    expect(url).toMatch(new RegExp(`^${SITE}/portal/builder/[\\w-]{43}$`));
    expect(await fileForBuilderToken(db, token)).toBeNull();
    const current = url.split('/').pop()!;
    expect(await fileForBuilderToken(db, current)).not.toBeNull();
    await updateBuilder(db, file.id, { name: 'Acme Homes', email: 'office@acme.example', license: '' });
    expect(await fileForBuilderToken(db, current)).not.toBeNull();
    await updateBuilder(db, file.id, { name: 'Other Builder', email: 'new@builder.example', license: '' });
    expect(await fileForBuilderToken(db, current)).toBeNull();
    expect((await loanFile(db, file.id))?.hasBuilderLink).toBe(false);
    await expect(updateBuilder(db, file.id, { name: '', email: 'not-an-address', license: '' })).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('tells whoever owes a rejected item why, and accepts the document sent again', async () => {
    const db = await database();
    const file = await openedFile(db);
    await updateBuilder(db, file.id, { name: 'Acme Homes', email: 'office@acme.example', license: '' });
    const deed = itemKeyed(file, 'land-deed');
    const w9 = itemKeyed(file, 'builder-w9');

    await expect(rejectItem(db, deed.id, 'Blurry', { siteUrl: SITE, by: 'admin' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await markUploaded(db, deed.id, NOW);
    await expect(rejectItem(db, deed.id, '   ', { siteUrl: SITE, by: 'admin' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(rejectItem(db, deed.id, 'x'.repeat(501), { siteUrl: SITE, by: 'admin' })).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await fileMails(db)).toEqual([]);

    const rejected = await rejectItem(db, deed.id, 'The second page is missing.', { siteUrl: SITE, by: 'admin', now: NOW });
    expect(rejected).toMatchObject({
      notified: 'borrower',
      item: { state: 'rejected', rejectReason: 'The second page is missing.', reviewedBy: 'admin' },
    });
    const [toBorrower] = await fileMails(db);
    expect(toBorrower?.to).toBe('jane@example.com');
    expect(toBorrower?.subject).toBe('Please send again: Deed to the land');
    expect(toBorrower?.text).toContain('The second page is missing.');
    expect(toBorrower?.text).toContain(`${SITE}/portal`);

    await markUploaded(db, w9.id, NOW);
    const builderRejection = await rejectItem(db, w9.id, 'Not signed.', { siteUrl: SITE, by: 'admin', now: minutes(1) });
    expect(builderRejection.notified).toBe('builder');
    const toBuilder = (await fileMails(db))[1];
    expect(toBuilder?.to).toBe('office@acme.example');
    expect(toBuilder?.text).toContain('Not signed.');
    expect((await fileForBuilderToken(db, builderToken(toBuilder)))?.items.find((i) => i.id === w9.id)?.state).toBe('rejected');

    const again = await markUploaded(db, deed.id, minutes(5));
    expect(again).toMatchObject({ state: 'uploaded', rejectReason: null });
    expect(await acceptItem(db, deed.id, 'admin', { now: minutes(6) })).toMatchObject({ state: 'accepted' });
    await expect(markUploaded(db, deed.id, minutes(7))).rejects.toMatchObject({ code: 'conflict' });

    const insurance = itemKeyed(file, 'builder-insurance');
    await markUploaded(db, insurance.id, NOW);
    await expect(acceptItem(db, insurance.id, 'admin')).rejects.toMatchObject({ code: 'invalid' });
    await expect(acceptItem(db, insurance.id, 'admin', { expiresOn: '2027-02-30' })).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(await acceptItem(db, insurance.id, 'admin', { expiresOn: '2027-06-30' })).toMatchObject({
      state: 'accepted',
      expiresOn: '2027-06-30',
    });

    const added = await addItem(db, file.id, { label: 'Survey', note: 'The lot survey.', owedBy: 'borrower' });
    expect(added).toMatchObject({ templateKey: null, state: 'requested', position: file.items.length });
    await expect(addItem(db, file.id, { label: ' ', owedBy: 'borrower' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(addItem(db, 'missing', { label: 'X', owedBy: 'builder' })).rejects.toMatchObject({ code: 'not-found' });
    const [summary] = await listLoanFiles(db);
    expect(summary?.counts).toMatchObject({ accepted: 2, rejected: 1 });
  });

  it('rejects a builder’s item without e-mailing anyone while the file has no builder address', async () => {
    const db = await database();
    const file = await openedFile(db);
    const w9 = itemKeyed(file, 'builder-w9');
    await markUploaded(db, w9.id, NOW);
    expect((await rejectItem(db, w9.id, 'Not signed.', { siteUrl: SITE, by: 'admin' })).notified).toBeNull();
    expect(await fileMails(db)).toEqual([]);
  });

  it('records every milestone, and e-mails the borrower when asked to', async () => {
    const db = await database();
    const file = await openedFile(db);
    const options = { by: 'admin', siteUrl: SITE };
    expect(await setMilestone(db, file.id, 'pre-qualified', { ...options, notify: true, now: minutes(1) })).toEqual({
      changed: true,
      notified: true,
    });
    expect(await setMilestone(db, file.id, 'builder-approved', { ...options, notify: false, now: minutes(2) })).toEqual({
      changed: true,
      notified: false,
    });
    expect(await setMilestone(db, file.id, 'builder-approved', { ...options, notify: true, now: minutes(3) })).toEqual({
      changed: false,
      notified: false,
    });
    expect(await setMilestone(db, file.id, 'draw-2', { ...options, notify: true, now: minutes(4) })).toMatchObject({
      changed: true,
    });
    await expect(setMilestone(db, file.id, 'draw-0' as 'draw-1', { ...options, notify: true })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(setMilestone(db, 'missing', 'closed', { ...options, notify: true })).rejects.toMatchObject({
      code: 'not-found',
    });

    const mails = await fileMails(db);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['jane@example.com', 'Your loan has reached: Pre-qualified'],
      ['jane@example.com', 'Your loan has reached: Draw 2 released'],
    ]);
    expect(mails[0]?.text).toContain(`${SITE}/portal`);
    const after = await loanFile(db, file.id);
    expect(after?.milestone).toBe('draw-2');
    expect(after?.history.map((h) => [h.milestone, h.byAccount])).toEqual([
      ['application-received', 'admin'],
      ['pre-qualified', 'admin'],
      ['builder-approved', 'admin'],
      ['draw-2', 'admin'],
    ]);
  });

  it('deletes a lead’s loan file with every row and e-mail of it, for privacy deletion', async () => {
    const db = await database();
    const file = await openedFile(db);
    const ebook = await recordLead(db, lead('ebook', { name: 'Bo Reader', email: 'bo@example.com' }), NOW);
    const other = (await openLoanFile(db, ebook.id)).file;
    await requestSignInLink(db, 'jane@example.com', { siteUrl: SITE, now: NOW });
    const [mail] = await fileMails(db);
    await redeemSignInLink(db, signInToken(mail), NOW);
    await setMilestone(db, file.id, 'approved', { by: 'admin', notify: true, siteUrl: SITE, now: NOW });

    const erased = await db.transaction().execute((trx) => deleteLoanFilesOfLeads(trx, [file.leadId]));
    expect(erased.files).toBe(1);
    expect(erased.itemIds.sort()).toEqual(file.items.map((i) => i.id).sort());
    const { hits } = await scanDatabase(db, (text) => text.includes(file.id));
    expect(hits).toEqual([]);
    expect(await loanFile(db, other.id)).not.toBeNull();
  });
});
