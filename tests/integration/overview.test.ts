import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { newId } from '../../lib/db/ids';
import type { LeadKind } from '../../lib/leads/fields';
import { leadRow } from '../../lib/leads/lead-row';
import { median, readCharts, readFigures } from '../../lib/overview/queries.server';
import { engines, seededDatabases } from '../support/engines';

/**
 * The overview's figures and charts against a seeded dataset whose answers are worked out by hand
 * below, on SQLite and PostgreSQL: the window edges (a lead at the first instant of the 7th and
 * 30th day back counts, one an instant earlier does not), spam never counts, a status change to
 * spam and back is not contact.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-22T15:00:00Z');
const MINUTE = 60_000;

interface Seed {
  kind: LeadKind;
  at: string;
  status?: string;
  spam?: boolean;
  source?: string;
  landing?: string;
  /** Status changes: [to, at]. */
  changes?: [string, string][];
}

const DATASET: Record<string, Seed> = {
  L1: { kind: 'contact', at: '2026-11-22T09:00:00.000Z', source: 'news', landing: '/' },
  L2: {
    kind: 'application',
    at: '2026-11-22T01:00:00.000Z',
    status: 'contacted',
    source: 'google',
    landing: '/rates',
    changes: [['contacted', '2026-11-22T01:10:00.000Z']], // 10 minutes
  },
  L3: {
    kind: 'qualification',
    at: '2026-11-20T12:00:00.000Z',
    status: 'qualified',
    source: 'news',
    landing: '/',
    changes: [
      ['qualified', '2026-11-21T08:00:00.000Z'],
      ['contacted', '2026-11-20T12:30:00.000Z'], // 30 minutes: the first, whatever the insert order
    ],
  },
  // The first instant of the 7th day back: inside "7 days".
  L4: { kind: 'ebook', at: '2026-11-16T00:00:00.000Z' },
  L5: {
    kind: 'contact',
    at: '2026-11-15T23:59:59.999Z',
    status: 'lost',
    source: 'direct',
    landing: '/contact',
    changes: [['lost', '2026-11-16T01:59:59.999Z']], // 2 hours
  },
  // The first instant of the 30th day back: inside "30 days".
  L6: { kind: 'application', at: '2026-10-24T00:00:00.000Z', source: 'google', landing: '/rates' },
  // An hour before it: outside; its contact (6 hours) does not count in the median.
  L7: {
    kind: 'application',
    at: '2026-10-23T23:00:00.000Z',
    status: 'contacted',
    source: 'news',
    landing: '/',
    changes: [['contacted', '2026-10-24T05:00:00.000Z']],
  },
  // Marked spam by mistake and restored: still not contacted.
  L8: {
    kind: 'contact',
    at: '2026-11-21T10:00:00.000Z',
    source: 'facebook.com',
    landing: '/blog/understanding-construction-loans',
    changes: [
      ['spam', '2026-11-21T10:05:00.000Z'],
      ['new', '2026-11-21T10:10:00.000Z'],
    ],
  },
  L9: {
    kind: 'contact',
    at: '2026-11-10T00:00:00.000Z',
    status: 'contacted',
    source: 'google',
    landing: '/rates',
    changes: [['contacted', '2026-11-11T00:00:00.000Z']], // 24 hours
  },
  // Months old and never contacted: the oldest waiting lead, outside every chart.
  L10: { kind: 'ebook', at: '2026-08-01T08:00:00.000Z', source: 'news', landing: '/ebook' },
  S1: {
    kind: 'contact',
    at: '2026-11-22T10:00:00.000Z',
    spam: true,
    source: 'news',
    landing: '/',
    changes: [['spam', '2026-11-22T10:00:01.000Z']],
  },
};

const PAGE_VIEWS = [
  { day: '2026-11-22', path: '/', views: 40 },
  { day: '2026-11-01', path: '/', views: 60 },
  { day: '2026-10-23', path: '/', views: 1000 }, // outside 30 days, inside 90
  { day: '2026-11-20', path: '/rates', views: 30 },
  { day: '2026-11-21', path: '/apply', views: 10 },
];

const FIELDS: Record<LeadKind, Record<string, string>> = {
  contact: { from_name: 'Casey', from_email: 'casey@example.com' },
  application: { borrowerName: 'Alex', email: 'alex@example.com' },
  qualification: { firstName: 'Quinn', lastName: 'Q', email: 'quinn@example.com' },
  ebook: { name: 'Eve', email: 'eve@example.com' },
  calculator: { name: 'Cal', email: 'cal@example.com', calculator: 'construction-interest' },
};

async function seed(db: DB): Promise<void> {
  for (const [name, lead] of Object.entries(DATASET)) {
    const row = leadRow(
      {
        kind: lead.kind,
        fields: FIELDS[lead.kind],
        page: '/',
        consent: false,
        spamReason: lead.spam ? 'honeypot' : null,
        clientAddress: '203.0.113.1',
        userAgent: 'test',
      },
      new Date(lead.at),
    );
    await db
      .insertInto('leads')
      .values({
        ...row,
        id: name,
        status: lead.spam ? 'spam' : (lead.status ?? 'new'),
        first_source: lead.source ?? '',
        last_source: lead.source ?? '',
        landing_page: lead.landing ?? '',
      })
      .execute();
    let from = 'new';
    for (const [to, at] of lead.changes ?? []) {
      await db
        .insertInto('lead_status_changes')
        .values({ id: newId(), lead_id: name, from_status: from, to_status: to, actor: 'owner', actor_id: 'admin', at })
        .execute();
      from = to;
    }
  }
  await db.insertInto('page_views').values(PAGE_VIEWS).execute();
}

const zero = { contact: 0, qualification: 0, application: 0, ebook: 0, calculator: 0 };

describe.each(engines)('the overview on %s', (_engine, open) => {
  const database = seededDatabases(cleanups, open);

  it('gives the figures the dataset was built for', async () => {
    const db = await database();
    await seed(db);
    expect(await readFigures(db, NOW)).toEqual({
      today: '2026-11-22',
      newLeads: { today: 2, last7: 5, last30: 8 },
      notContacted: { count: 5, oldestAt: '2026-08-01T08:00:00.000Z' },
      // 10 min, 30 min, 2 h, 24 h: the mean of the middle two is 75 minutes.
      firstContact: { medianMs: 75 * MINUTE, leads: 4 },
    });
  });

  it('charts 30 days: leads per day by kind, by source, and conversion by landing page', async () => {
    const db = await database();
    await seed(db);
    const charts = await readCharts(db, NOW, 30);
    expect([charts.range, charts.from]).toEqual([30, '2026-10-24']);
    expect(charts.perDay).toHaveLength(30);
    expect(charts.perDay[0]!.day).toBe('2026-10-24');
    expect(charts.perDay.at(-1)!.day).toBe('2026-11-22');
    const busy = charts.perDay.filter((day) => Object.values(day.counts).some((n) => n > 0));
    expect(busy).toEqual([
      { day: '2026-10-24', counts: { ...zero, application: 1 } },
      { day: '2026-11-10', counts: { ...zero, contact: 1 } },
      { day: '2026-11-15', counts: { ...zero, contact: 1 } },
      { day: '2026-11-16', counts: { ...zero, ebook: 1 } },
      { day: '2026-11-20', counts: { ...zero, qualification: 1 } },
      { day: '2026-11-21', counts: { ...zero, contact: 1 } },
      { day: '2026-11-22', counts: { ...zero, contact: 1, application: 1 } },
    ]);
    expect(charts.bySource).toEqual([
      { source: 'google', leads: 3 },
      { source: 'news', leads: 2 },
      { source: '(unknown)', leads: 1 },
      { source: 'direct', leads: 1 },
      { source: 'facebook.com', leads: 1 },
    ]);
    expect(charts.byLanding).toEqual([
      { path: '/', views: 100, leads: 2, rate: 0.02 },
      { path: '/rates', views: 30, leads: 3, rate: 0.1 },
      { path: '/apply', views: 10, leads: 0, rate: 0 },
      { path: '/blog/understanding-construction-loans', views: 0, leads: 1, rate: null },
      { path: '/contact', views: 0, leads: 1, rate: null },
    ]);
  });

  it('charts 90 days', async () => {
    const db = await database();
    await seed(db);
    const charts = await readCharts(db, NOW, 90);
    expect([charts.from, charts.perDay.length]).toEqual(['2026-08-25', 90]);
    expect(charts.perDay.find((day) => day.day === '2026-10-23')?.counts).toEqual({ ...zero, application: 1 });
    expect(charts.perDay.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0)).toBe(9);
    expect(charts.bySource.slice(0, 2)).toEqual([
      { source: 'google', leads: 3 },
      { source: 'news', leads: 3 },
    ]);
    expect(charts.byLanding[0]).toEqual({ path: '/', views: 1100, leads: 3, rate: 3 / 1100 });
  });

  it('has nothing to show on an empty database', async () => {
    const db = await database();
    expect(await readFigures(db, NOW)).toEqual({
      today: '2026-11-22',
      newLeads: { today: 0, last7: 0, last30: 0 },
      notContacted: { count: 0, oldestAt: null },
      firstContact: { medianMs: null, leads: 0 },
    });
    const charts = await readCharts(db, NOW, 30);
    expect([charts.bySource, charts.byLanding]).toEqual([[], []]);
    expect(charts.perDay.every((day) => Object.values(day.counts).every((n) => n === 0))).toBe(true);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
