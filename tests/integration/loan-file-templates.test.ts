import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { setMilestone } from '../../lib/loan-files/milestone-changes.server';
import { loanFile } from '../../lib/loan-files/queries.server';
import { FIXED_MILESTONES } from '../../lib/loan-files/milestones';
import {
  allNeedTemplates,
  milestoneField,
  needField,
  NO_OVERRIDES,
  templatesFormSchema,
} from '../../lib/loan-files/template-overrides';
import { readTemplateOverrides, saveTemplateOverrides } from '../../lib/loan-files/template-overrides.server';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

/**
 * The owner's edits of the needs list and the milestones (issue 30, points 2 and 7) on a real
 * database: a file opened after an edit asks for the renamed document and not the one switched
 * off, a file opened before keeps its items, and a milestone's e-mail and the file's names use
 * the stage's new name.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-22T12:00:00.000Z');
const application = { ...fullApplication, ownLand: 'yes', landBalance: '0', builderStatus: 'have-builder' };

async function openFor(db: DB) {
  const { id } = await recordLead(
    db,
    {
      kind: 'application',
      fields: application,
      page: '/apply',
      consent: false,
      spamReason: null,
      clientAddress: '203.0.113.7',
      userAgent: 'test',
    },
    NOW,
  );
  return (await openLoanFile(db, id, { by: 'admin', now: NOW })).file;
}

/** The settings form as the page first shows it: the code's wording, every template asked for. */
function defaults(): Record<string, string | undefined> {
  return Object.fromEntries([
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
}

async function milestoneMails(db: DB): Promise<NotificationMessage[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'payload', 'sealed_secret', 'recipient'])
    .where('subject_type', '=', 'loan-file')
    .execute();
  return rows.map((row) => (payloadToSend(row) as { payload: NotificationMessage }).payload);
}

describe.each(engines)('loan file templates on %s', (_engine, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle.db;
  }

  it('opens later files with the edited templates, keeps earlier ones, and names milestones as the owner does', async () => {
    const db = await database();
    const before = await openFor(db);
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);

    // As the settings form sends it: every field, the W-9 box unticked, two names changed.
    const overrides = templatesFormSchema.parse({
      ...defaults(),
      'need.photo-id.label': 'Government photo ID',
      'need.builder-w9.on': undefined,
      'milestone.pre-qualified.label': 'Pre-approved',
    });
    await db.transaction().execute((trx) => saveTemplateOverrides(trx, overrides));
    expect(Object.keys((await readTemplateOverrides(db)).needs).sort()).toEqual(['builder-w9', 'photo-id']);

    const after = await openFor(db);
    expect(after.items.find((i) => i.templateKey === 'photo-id')?.label).toBe('Government photo ID');
    expect(after.items.some((i) => i.templateKey === 'builder-w9')).toBe(false);
    expect(before.items.find((i) => i.templateKey === 'photo-id')?.label).toBe('Photo ID');
    const kept = (await loanFile(db, before.id))!;
    expect(kept.items.map((i) => [i.templateKey, i.label])).toEqual(before.items.map((i) => [i.templateKey, i.label]));
    expect(kept.milestoneNames['pre-qualified']?.label).toBe('Pre-approved');

    await setMilestone(db, after.id, 'pre-qualified', {
      by: 'admin',
      siteUrl: 'https://loans.example.com',
      notify: true,
      now: NOW,
    });
    const [mail] = await milestoneMails(db);
    expect(mail?.subject).toBe('Your loan has reached: Pre-approved');
    expect(mail?.text).toContain('You are pre-qualified for the loan.');

    // Restoring the defaults removes the row: the code's templates again.
    await db.transaction().execute((trx) => saveTemplateOverrides(trx, NO_OVERRIDES));
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
    expect((await openFor(db)).items.some((i) => i.templateKey === 'builder-w9')).toBe(true);
  });

  it('reads a stored value no longer valid as no edits', async () => {
    const db = await database();
    await db.insertInto('app_meta').values({ key: 'loan_file_templates', value: '{"needs":' }).execute();
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
    await db
      .updateTable('app_meta')
      .set({ value: '{"needs":{"photo-id":{"label":"","note":"","off":false}},"milestones":{}}' })
      .execute();
    expect(await readTemplateOverrides(db)).toEqual(NO_OVERRIDES);
  });
});
