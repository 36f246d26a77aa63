import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_VERSION } from '../../lib/content/document';
import { readSiteContent } from '../../lib/content/queries.server';
import type { DB } from '../../lib/db/connect.server';
import { visitorAutoReply } from '../../lib/leads/alerts/auto-reply.server';
import { leadsCsvStream } from '../../lib/leads/admin/export.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import { leadRow } from '../../lib/leads/lead-row';
import { getLead } from '../../lib/leads/queries.server';
import { submitLead } from '../../lib/leads/submit.server';
import { engines, seededDatabases } from '../support/engines';

vi.mock('server-only', () => ({}));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const at = '2026-11-20T10:00:00.000Z';
const news = { utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', landing: '/', at };
const partner = { referrer: 'partner.org', landing: '/rates', at: '2026-11-21T09:00:00.000Z' };
const qualification = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '208-555-0100',
  projectType: 'land',
  estimatedCost: '350000',
  fill_ms: '9000',
  page: '/qualify',
};

async function submit(db: DB, attribution?: object, values: Record<string, string> = qualification) {
  return submitLead(
    'qualification',
    values,
    { clientAddress: '203.0.113.9', userAgent: 'test', attribution },
    {
      db: async () => db,
      spam: { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
      log,
      now: () => new Date('2026-11-22T12:00:00Z'),
      wake: () => {},
    },
  );
}

async function setPostalAddress(db: DB, postalAddress: string) {
  const content = await readSiteContent(db);
  const document = JSON.stringify({ ...content, autoReply: { ...content.autoReply, postalAddress } });
  await db.updateTable('site_content').set({ document, schema_version: CONTENT_VERSION }).where('id', '=', 'site').execute();
}

describe.each(engines)('lead attribution and auto-reply (%s)', (_name, open) => {
  const database = seededDatabases(cleanups, open);

  it('stores the touches with the lead, shows them, filters by source and exports them', async () => {
    const db = await database();
    await submit(db, { first: news, last: partner });
    await submit(db, undefined, { ...qualification, firstName: 'Direct', email: 'd@example.com' });

    const page = await searchLeads(db, leadFilterSchema.parse({ source: 'News' }));
    expect(page.leads.map((l) => l.name)).toEqual(['Ann Lee']);
    expect((await searchLeads(db, leadFilterSchema.parse({ source: 'partner.org' }))).leads).toHaveLength(1);
    expect((await searchLeads(db, leadFilterSchema.parse({ source: 'direct' }))).leads.map((l) => l.name)).toEqual([
      'Direct Lee',
    ]);

    const lead = (await getLead(db, page.leads[0]!.id))!;
    expect(lead.source).toEqual({ first: news, last: partner, firstSource: 'news', lastSource: 'partner.org' });
    const row = await db.selectFrom('leads').select(['landing_page']).where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(row.landing_page).toBe('/');

    const csv = await new Response(leadsCsvStream(db, { source: 'news' })).text();
    const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, line!.split(',')[i]]));
    expect(cells).toMatchObject({
      'First touch source': 'news',
      'First touch medium': 'email',
      'First touch campaign': 'fall',
      'First touch landing page': '/',
      'Last touch referrer': 'partner.org',
      'Last touch landing page': '/rates',
    });
  });

  it('writes the auto-reply only with a mail transport, a postal address, and not for spam', async () => {
    const db = await database();
    const lead = leadRow(
      {
        kind: 'qualification',
        fields: qualification,
        page: '/qualify',
        consent: false,
        spamReason: null,
        clientAddress: 'x',
        userAgent: 'y',
      },
      new Date(at),
    );
    const arrived = [{ row: { ...lead, last_activity_at: at }, at: new Date(at) }];
    const spam = [{ row: { ...lead, is_spam: 1, last_activity_at: at }, at: new Date(at) }];

    expect(await visitorAutoReply(() => true)(db, arrived)).toEqual([]); // no postal address yet
    await setPostalAddress(db, '100 Main Street, Suite 2, Boise, ID 83702');
    expect(await visitorAutoReply(() => false)(db, arrived)).toEqual([]);
    expect(await visitorAutoReply(() => true)(db, spam)).toEqual([]);

    const [reply] = await visitorAutoReply(() => true)(db, arrived);
    expect(reply).toMatchObject({ channel: 'email', recipient: 'visitor', subject: { type: 'lead', id: lead.id } });
    const message = reply!.payload as { to: string; text: string; subject: string };
    expect(message.to).toBe('ann@example.com');
    expect(message.subject).toBe('We received your request');
    expect(message.text).toContain('NMLS ID 1234567');
    expect(message.text).toContain('100 Main Street, Suite 2, Boise, ID 83702');
    expect(message.text).toContain('Project type: Land Loan');
    expect(message.text).not.toMatch(/350,?000/);
  });
});
