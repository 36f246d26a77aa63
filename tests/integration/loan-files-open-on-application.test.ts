import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { insertLeads } from '../../lib/leads/store.server';
import { opensFileOnApplication, saveOpensFileOnApplication } from '../../lib/loan-files/open-on-application.server';
import { loanFileForLead } from '../../lib/loan-files/queries.server';
import { registerDomainHooks } from '../../lib/setup/hooks.server';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

/**
 * "Open a loan file for every new application" (issue 30, point 1) on a real database: off by
 * default, an application stored while it is on gets its file in the same transaction (its needs
 * list and first milestone), while it is off none; spam and other forms never do.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-22T12:00:00.000Z');

function lead(kind: NewLead['kind'], fields: Record<string, string>, spam = false): NewLead {
  return {
    kind,
    fields,
    page: '/apply',
    consent: false,
    spamReason: spam ? 'honeypot' : null,
    clientAddress: '203.0.113.7',
    userAgent: 'test',
  };
}

const filesCount = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom('loan_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(engines)('opening a loan file for every application on %s', (_name, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    // As the server's start does (prepareDatabase); twice, to show it never runs twice.
    registerDomainHooks();
    registerDomainHooks();
    return handle.db;
  }

  it('is off by default: an application opens no file', async () => {
    const db = await database();
    expect(await opensFileOnApplication(db)).toBe(false);
    const { id } = await recordLead(db, lead('application', fullApplication), NOW);
    expect(await loanFileForLead(db, id)).toBeNull();
    expect(await filesCount(db)).toBe(0);
  });

  it('when on, opens the file of an application as it is stored, and of nothing else', async () => {
    const db = await database();
    await db.transaction().execute((trx) => saveOpensFileOnApplication(trx, true));
    expect(await opensFileOnApplication(db)).toBe(true);

    const application = await recordLead(db, lead('application', fullApplication), NOW);
    const file = await loanFileForLead(db, application.id);
    expect(file).toMatchObject({ leadId: application.id, milestone: 'application-received', createdAt: NOW.toISOString() });
    expect(file!.items.length).toBeGreaterThan(0);
    expect(file!.history).toEqual([{ milestone: 'application-received', at: NOW.toISOString(), byAccount: null }]);

    const spam = await recordLead(db, lead('application', fullApplication, true), NOW);
    expect(await loanFileForLead(db, spam.id)).toBeNull();
    const contact = await recordLead(db, lead('contact', { name: 'Ann Lee', email: 'ann@example.com', message: 'Hello' }), NOW);
    expect(await loanFileForLead(db, contact.id)).toBeNull();
    expect(await filesCount(db)).toBe(1);
  });

  it('commits the file with the lead, or neither', async () => {
    const db = await database();
    await db.transaction().execute((trx) => saveOpensFileOnApplication(trx, true));
    await expect(
      db.transaction().execute(async (trx) => {
        await insertLeads(trx, [{ lead: lead('application', fullApplication), now: NOW }]);
        expect(await filesCount(trx)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await filesCount(db)).toBe(0);
    expect(
      Number(
        (
          await db
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('turned off again, opens no more files', async () => {
    const db = await database();
    await db.transaction().execute((trx) => saveOpensFileOnApplication(trx, true));
    expect(await db.transaction().execute((trx) => saveOpensFileOnApplication(trx, false))).toBe(true);
    const { id } = await recordLead(db, lead('application', fullApplication), NOW);
    expect(await loanFileForLead(db, id)).toBeNull();
  });
});
