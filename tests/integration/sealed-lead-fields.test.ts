import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { MetaKey } from '../../lib/db/meta-keys';
import { findDraft, saveDraft } from '../../lib/drafts/drafts.server';
import { leadsCsvStream } from '../../lib/leads/admin/export.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import { getLead } from '../../lib/leads/queries.server';
import { PLAIN_FIELDS } from '../../lib/leads/plain-fields';
import { openLeadFields, sealLeadFields, SEALED_KEY } from '../../lib/leads/sealed-fields.server';
import { submitLead } from '../../lib/leads/submit.server';
import { leadEventBodies } from '../../lib/leads/webhook-body.server';
import { exportPersonData } from '../../lib/privacy/export.server';
import { sealAtRestOnce } from '../../lib/setup/seal-at-rest.server';
import { scanDatabase } from '../support/database-scan';
import { engines, testEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { tempPostgres, tempSqlite } from '../support/temp-db';
import { migrateToLatest } from '../../lib/db/migrate.server';

/**
 * A lead's financial fields and a saved application's answers are sealed at rest (issue 30,
 * point 6): no byte of the database (every table read back, the SQLite file and its WAL) holds
 * them, while the admin, the CSV export, webhooks and a privacy export read them whole, and the
 * search still finds the lead by name, e-mail and phone.
 */

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Figures and words no other row holds: as typed, and as the summary formats them. */
const INCOME = '8642975';
const ASSETS = '7319462';
const EMPLOYER = 'Quorvex Marker Fabrication';
const application = {
  ...fullApplication,
  monthlyIncome: INCOME,
  liquidAssets: ASSETS,
  employer: EMPLOYER,
  email: 'sealed.borrower@example.com',
};
const leaks = (text: string) => [INCOME, '8,642,975', ASSETS, '7,319,462', EMPLOYER].some((marker) => text.includes(marker));

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const submit = (db: DB, values: Record<string, string>) =>
  submitLead(
    'application',
    { ...values, fill_ms: '15000', page: '/apply', consent: 'yes' },
    { clientAddress: '203.0.113.9', userAgent: 'test' },
    {
      db: async () => db,
      spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
      log,
      now: () => new Date('2026-11-27T10:00:00Z'),
      wake: () => undefined,
    },
  );

const withPath = testEngines<{ db: DB; path: string | null; cleanup: () => Promise<void> }>(
  async () => tempSqlite(),
  async (url) => ({ ...(await tempPostgres(url)), path: null }),
);

describe.each(withPath)('sealed lead fields on %s', (_name, open) => {
  async function database() {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle;
  }

  it('keeps no plaintext of a financial field anywhere, and every reader gets the fields whole', async () => {
    const { db, path } = await database();
    expect(await submit(db, application)).toEqual({ ok: true, kind: 'application' });
    const { id } = await db.selectFrom('leads').select('id').executeTakeFirstOrThrow();

    const scan = await scanDatabase(db, leaks);
    expect(scan.tables).toEqual(expect.arrayContaining(['leads', 'notifications']));
    expect(scan.hits).toEqual([]);
    // The scan does find what stays readable, so its silence above means something.
    expect((await scanDatabase(db, (text) => text.includes('sealed.borrower@example.com'))).hits).toEqual(
      expect.arrayContaining([{ table: 'leads', column: 'fields' }]),
    );
    if (path) {
      for (const file of [path, `${path}-wal`])
        if (existsSync(file)) expect(leaks(readFileSync(file).toString('latin1')), file).toBe(false);
    }

    expect((await getLead(db, id))!.fields).toEqual(application);
    const csv = await new Response(leadsCsvStream(db, {})).text();
    expect(csv).toContain('Monthly Income: $8,642,975');
    expect(csv).toContain(`Employer: ${EMPLOYER}`);
    const body = (await leadEventBodies(db, [id], 'lead.created', new Date())).get(id)!;
    expect(body.data.fields).toEqual(application);
    const exported = await exportPersonData(db, 'sealed.borrower@example.com');
    expect(exported.leads[0]!.fields).toEqual(application);
  });

  it('still finds the lead by name, e-mail and phone digits', async () => {
    const { db } = await database();
    await submit(db, application);
    for (const q of ['jane builder', 'SEALED.BORROWER@', '2085550142']) {
      const page = await searchLeads(db, leadFilterSchema.parse({ q }));
      expect(
        page.leads.map((lead) => lead.email),
        q,
      ).toEqual(['sealed.borrower@example.com']);
    }
  });

  it('seals, once at start-up, what an earlier release stored in the clear', async () => {
    const { db } = await database();
    await submit(db, application);
    const { id } = await db.selectFrom('leads').select('id').executeTakeFirstOrThrow();
    // As stored before sealing: the fields as plain JSON.
    await db
      .updateTable('leads')
      .set({ fields: JSON.stringify(application) })
      .where('id', '=', id)
      .execute();
    expect((await scanDatabase(db, leaks)).hits).toContainEqual({ table: 'leads', column: 'fields' });
    expect((await getLead(db, id))!.fields).toEqual(application);

    expect(await sealAtRestOnce(db)).toEqual({ leads: 1, drafts: 0, notifications: 0 });
    expect((await scanDatabase(db, leaks)).hits.filter((hit) => hit.table === 'leads')).toEqual([]);
    expect((await getLead(db, id))!.fields).toEqual(application);
    const mark = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.sealedAtRest).executeTakeFirst();
    expect(mark).toBeDefined();
    expect(await sealAtRestOnce(db)).toBeNull();
  });
});

describe.each(engines)('sealed draft answers on %s', (_name, open) => {
  it('keeps a saved application’s answers sealed and opens them by the resume link', async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const { db } = handle;
    await migrateToLatest(db);
    const values = { monthlyIncome: INCOME, liquidAssets: ASSETS, employer: EMPLOYER, borrowerName: 'Jane Builder' };
    const saved = await db
      .transaction()
      .execute((trx) =>
        saveDraft(
          trx,
          { email: 'jane@example.com', values, step: 1, clientAddress: '203.0.113.9', siteUrl: 'https://loans.example.com' },
          { perAddress: 3, windowMinutes: 10, mailsPerDraft: 3, mailsPerRecipient: 3, mailsPerDay: 50 },
        ),
      );
    if (!saved.ok) throw new Error('not saved');
    expect((await scanDatabase(db, leaks)).hits).toEqual([]);
    expect((await findDraft(db, saved.token))!.values).toMatchObject(values);

    // A draft saved before sealing opens as it is and is sealed at the next start.
    await db
      .updateTable('application_drafts')
      .set({ field_values: JSON.stringify(values) })
      .execute();
    expect((await findDraft(db, saved.token))!.values).toMatchObject(values);
    expect(await sealAtRestOnce(db)).toEqual({ leads: 0, drafts: 1, notifications: 0 });
    expect((await scanDatabase(db, leaks)).hits).toEqual([]);
    expect((await findDraft(db, saved.token))!.values).toMatchObject(values);
  });
});

describe('the sealed part of a stored lead', () => {
  it('opens only for its own lead and under its key; the plain fields stay readable either way', () => {
    const stored = sealLeadFields('lead-1', application);
    expect(JSON.parse(stored)).toEqual({ ...pickPlain(application), [SEALED_KEY]: expect.stringMatching(/^v1\./) });
    expect(openLeadFields('lead-1', stored)).toEqual(application);
    expect(openLeadFields('lead-2', stored)).toEqual(pickPlain(application));
    expect(openLeadFields('lead-1', stored, Buffer.alloc(32, 8))).toEqual(pickPlain(application));
  });
});

function pickPlain(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => PLAIN_FIELDS.has(name)));
}
