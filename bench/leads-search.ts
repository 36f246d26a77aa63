/**
 * `npm run bench:leads`: the Leads page's and the Overview's queries on generated leads (100,000 by
 * default, `--leads 1000000` for a large broker's database). Creates a temporary SQLite database
 * and, when TEST_POSTGRES_URL is set, a PostgreSQL one, migrates them, inserts the leads in batches
 * (generated as they are inserted, so a million never sit in memory at once), then runs the same
 * functions the pages run: `searchLeads` with every filter of the list, `readBoard` for the
 * board, and the Overview's readers. Prints p50/p95 per query and engine, and exits 1 when any p95
 * is over the budget: 15 ms up to 100,000 leads, 25 ms above (issue 32).
 *
 * Above 100,000 leads SQLite is skipped unless `--engines` names it: issue 32's goal at a million is
 * PostgreSQL's (a broker that large runs it), and filling SQLite's FTS index takes as long again.
 * `--export` also streams the whole CSV export on each engine and reports the process's memory.
 */
import { parseArgs } from 'node:util';
import type { DB } from '../lib/db/connect.server';
import { migrateToLatest } from '../lib/db/migrate.server';
import { leadsCsvStream } from '../lib/leads/admin/export.server';
import { leadFilterSchema, type FilterScope } from '../lib/leads/admin/filter';
import { searchLeads } from '../lib/leads/admin/queries.server';
import { readBoard } from '../lib/leads/pipeline/board.server';
import { readCharts, readFigures } from '../lib/overview/queries.server';
import { readStageTimes } from '../lib/overview/stage-times.server';
import { GENERATED_ASSIGNEES, generateLeadBatches, insertLeadBatches, type GeneratedLead } from '../tests/support/generate-leads';
import { postgresUrl, tempPostgres, tempSqlite } from '../tests/support/temp-db';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    budget: { type: 'string' },
    engines: { type: 'string' },
    only: { type: 'string' },
    export: { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.leads);
const RUNS = Number(values.runs);
const LARGE = COUNT > 100_000;
const BUDGET_MS = Number(values.budget ?? (LARGE ? 25 : 15));
const ENGINES = (values.engines ?? (LARGE ? 'postgres' : 'sqlite,postgres')).split(',');
if (!Number.isInteger(COUNT) || COUNT < 1000 || !Number.isInteger(RUNS) || RUNS < 1 || !(BUDGET_MS > 0))
  throw new Error('Use --leads N (at least 1000) --runs N --budget MS.');
const log = (message: string) => process.stderr.write(`${message}\n`);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

const NEWEST = new Date('2026-11-21T12:00:00.000Z');
/** The Overview is read six hours after the newest lead, on its UTC day. */
const NOW = new Date('2026-11-21T18:00:00.000Z');
const SCOPE: FilterScope = { me: GENERATED_ASSIGNEES[1], today: '2026-11-21' };
const generate = () => generateLeadBatches(COUNT, 10_000, { newest: NEWEST, pipeline: true });

// The searches need a few real leads; everything else about lead i follows from i.
const sampleIndex = (i: number) => (i * 7919) % COUNT;
const samples = new Map<number, GeneratedLead>();
const wanted = new Set(Array.from({ length: RUNS + 3 }, (_, i) => sampleIndex(i)));
function* keepingSamples(batches: Iterable<GeneratedLead[]>) {
  let offset = 0;
  for (const batch of batches) {
    for (let i = 0; i < batch.length; i++) if (wanted.has(offset + i)) samples.set(offset + i, batch[i]!);
    offset += batch.length;
    yield batch;
  }
}
const sample = (i: number) => samples.get(sampleIndex(i))!;
/** The UTC day of lead i (i minutes before NEWEST), clamped to the generated ones. */
const day = (i: number) => new Date(NEWEST.getTime() - Math.min(COUNT - 1, i) * 60_000).toISOString().slice(0, 10);
/** A lead index a fraction of the way down the list, so date ranges scale with the size. */
const at = (fraction: number) => Math.floor(COUNT * fraction);
/** The place of lead i in the list, as Next and Previous carry it (`older=`/`newer=`). */
const cursorAt = (i: number) =>
  `${new Date(NEWEST.getTime() - Math.min(COUNT - 1, i) * 60_000).toISOString()}_gen${String(i).padStart(7, '0')}`;

type Filter = Record<string, unknown>;
interface Case {
  name: string;
  /** Runs the query; resolves to what the page shows as its count ('1,000+' when capped). */
  run: (db: DB, i: number) => Promise<string>;
}

const shown = (n: number, capped = false) => `${n.toLocaleString('en-US')}${capped ? '+' : ''}`;

/** The list as the Leads page reads it: one page of 25, the count and the spam folder's count. */
const list = (name: string, filter: (i: number) => Filter): Case => ({
  name,
  run: async (db, i) => {
    const page = await searchLeads(db, { ...leadFilterSchema.parse(filter(i)), ...SCOPE });
    return shown(page.total, page.totalCapped);
  },
});
/** The board as the Leads page reads it: the columns, and the figures above them. */
const board = (name: string, filter: (i: number) => Filter): Case => ({
  name,
  run: async (db, i) => {
    const { page } = await readBoard(db, { ...leadFilterSchema.parse({ ...filter(i), view: 'board' }), ...SCOPE });
    return shown(page.total, page.totalCapped);
  },
});

const KINDS = ['contact', 'qualification', 'application', 'ebook'];
const STATUSES = ['new', 'contacted', 'qualified', 'application', 'won', 'lost'];
const SOURCES = ['news', 'www.bing.com', 'partner', 'www.zillow.com'];

const allCases: Case[] = [
  list('all, page 1', () => ({})),
  list('all, page 40', () => ({ page: 40 })),
  list('all, page 400', () => ({ page: 400 })),
  list('all, Next at 90% (keyset)', (i) => ({ page: 2, older: cursorAt(at(0.9) + i) })),
  list('kind, Previous at 50% (keyset)', (i) => ({ kind: KINDS[i % 4], page: 3, newer: cursorAt(at(0.5) + i) })),
  list('kind', (i) => ({ kind: KINDS[i % 4] })),
  list('status', (i) => ({ status: STATUSES[i % 6] })),
  list('kind + status, page 1', (i) => ({ kind: KINDS[i % 4], status: STATUSES[i % 3] })),
  list('kind + status, page 10', (i) => ({ kind: KINDS[i % 2], status: 'new', page: 10 })),
  list('calculator (no leads)', () => ({ kind: 'calculator' })),
  list('spam folder', () => ({ status: 'spam' })),
  list('search name', (i) => ({ q: sample(i).name.toUpperCase() })),
  list('search e-mail', (i) => ({ q: sample(i).email.slice(0, 12) })),
  list('search phone digits', (i) => ({ q: sample(i).phone.replace(/\D/g, '').slice(3) })),
  list('search common word', (i) => ({ q: ['garcia', 'chen', 'maria', 'smith'][i % 4] })),
  list('search common word, Next (keyset)', (i) => ({ q: ['garcia', 'chen'][i % 2], page: 2, older: cursorAt(at(0.1) + i) })),
  list('search e-mail, Next (keyset)', (i) => ({ q: sample(i).email.slice(0, 12), page: 2, older: cursorAt(at(0.01) + i) })),
  list('search + kind', (i) => ({ q: 'garcia', kind: KINDS[i % 4] })),
  list('search + status', (i) => ({ q: 'chen', status: STATUSES[i % 6] })),
  list('search 2 letters', (i) => ({ q: ['ja', 'wi', 'ch'][i % 3] })),
  list('source', (i) => ({ source: SOURCES[i % 4] })),
  list('source + kind', (i) => ({ source: SOURCES[i % 4], kind: KINDS[i % 4] })),
  list('due today', () => ({ due: 'today' })),
  list('overdue', () => ({ due: 'overdue' })),
  list('assigned to me', () => ({ assignee: 'me' })),
  list('unassigned', () => ({ assignee: 'none' })),
  list('overdue + me', () => ({ due: 'overdue', assignee: 'me' })),
  list('possible bot', () => ({ bot: 'possible' })),
  list('outside licenses', () => ({ licenses: 'outside' })),
  list('date range (1 week)', (i) => ({ from: day(at(0.2) + i * 100 + 10_080), to: day(at(0.2) + i * 100) })),
  list('date range (1 day) + kind', (i) => ({ from: day(at(0.5) + i * 1440), to: day(at(0.5) + i * 1440), kind: KINDS[i % 4] })),
  list('date range + kind + status', (i) => ({ from: day(at(0.6)), to: day(at(0.1) + i), kind: 'application', status: 'new' })),
  board('board', () => ({})),
  board('board + kind', (i) => ({ kind: KINDS[i % 4] })),
  board('board + me', () => ({ assignee: 'me' })),
  board('board + search', (i) => ({ q: ['garcia', 'chen'][i % 2] })),
  board('board + source + me', (i) => ({ source: SOURCES[i % 4], assignee: 'me' })),
  board('board + date range (1 week)', (i) => ({ from: day(at(0.3) + i * 100 + 10_080), to: day(at(0.3) + i * 100) })),
  { name: 'Overview: figures', run: async (db) => shown((await readFigures(db, NOW)).newLeads.last30) },
  { name: 'Overview: charts, 30 days', run: async (db) => shown(sumDays(await readCharts(db, NOW, 30))) },
  { name: 'Overview: charts, 90 days', run: async (db) => shown(sumDays(await readCharts(db, NOW, 90))) },
  { name: 'Overview: loan stage times', run: async (db) => shown((await readStageTimes(db, NOW, 30)).stages.length) },
  {
    name: 'Overview (the whole page)',
    run: async (db) => {
      const [figures] = await Promise.all([readFigures(db, NOW), readCharts(db, NOW, 30), readStageTimes(db, NOW, 30)]);
      return shown(figures.newLeads.last30);
    },
  },
];
const cases = allCases.filter((c) => !values.only || c.name.includes(values.only));

function sumDays(charts: Awaited<ReturnType<typeof readCharts>>): number {
  return charts.perDay.reduce((sum, d) => sum + Object.values(d.counts).reduce((a, b) => a + b, 0), 0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Row {
  engine: string;
  name: string;
  p50: number;
  p95: number;
  matches: string;
}

async function bench(engine: string, db: DB): Promise<Row[]> {
  await migrateToLatest(db);
  let t = performance.now();
  // In batches of 10,000 (one transaction each), vacuumed and analyzed like a live database.
  await insertLeadBatches(db, keepingSamples(generate()));
  const rss = process.memoryUsage().rss;
  log(
    `${engine}: inserted ${COUNT.toLocaleString('en-US')} leads in ${((performance.now() - t) / 1000).toFixed(1)} s (RSS ${mb(rss)} MB)`,
  );
  for (const c of cases) for (let i = 0; i < 3; i++) await c.run(db, i); // warm up
  // In rounds, each query once per round, as an officer moves from one view to the next: a slow
  // second of this shared machine then lands on one run of many queries, not on many runs of one
  // (which set a query's p95 by when it ran; 40 runs in a row take under a second).
  const times = cases.map((): number[] => []);
  const matches = cases.map(() => '');
  for (let i = 0; i < RUNS; i++) {
    for (const [index, c] of cases.entries()) {
      t = performance.now();
      matches[index] = await c.run(db, i);
      times[index]!.push(performance.now() - t);
    }
  }
  const rows = cases.map((c, index): Row => {
    const sorted = times[index]!.sort((a, b) => a - b);
    return { engine, name: c.name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), matches: matches[index]! };
  });
  if (values.export) await exportMemory(engine, db);
  return rows;
}

/** The whole inbox's CSV through the export's stream, as the route sends it: time, size and RSS. */
async function exportMemory(engine: string, db: DB) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  let chunks = 0;
  const t = performance.now();
  const reader = leadsCsvStream(db, { ...leadFilterSchema.parse({}), ...SCOPE }).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    if (++chunks % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  globalThis.gc?.();
  const after = process.memoryUsage().rss;
  log(
    `${engine}: CSV export ${mb(bytes)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s; ` +
      `RSS before ${mb(before)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB`,
  );
}

const rows: Row[] = [];
if (ENGINES.includes('sqlite')) {
  const sqlite = tempSqlite();
  try {
    rows.push(...(await bench('SQLite', sqlite.db)));
  } finally {
    await sqlite.cleanup();
  }
} else
  log(
    `SQLite skipped at ${COUNT.toLocaleString('en-US')} leads: the goal at this size is PostgreSQL's (--engines sqlite,postgres runs it).`,
  );
if (ENGINES.includes('postgres') && postgresUrl) {
  const pg = await tempPostgres(postgresUrl);
  try {
    rows.push(...(await bench('PostgreSQL', pg.db)));
  } finally {
    await pg.cleanup();
  }
} else if (ENGINES.includes('postgres')) log('TEST_POSTGRES_URL not set: PostgreSQL skipped.');

const header = ['engine', 'query (first page unless noted)', 'matches', 'p50 ms', 'p95 ms', 'verdict'];
const table = rows.map((r) => [
  r.engine,
  r.name,
  r.matches,
  r.p50.toFixed(1),
  r.p95.toFixed(1),
  r.p95 <= BUDGET_MS ? 'OK' : 'OVER',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
process.stdout.write(
  [
    `Leads page and Overview on ${COUNT.toLocaleString('en-US')} leads, ${RUNS} runs per query, budget p95 <= ${BUDGET_MS} ms`,
    'list: a page of 25, its count and the spam count; board: the count and six columns of 50; matches: the count shown',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.map(line),
  ].join('\n') + '\n',
);
process.exitCode = rows.length > 0 && rows.every((r) => r.p95 <= BUDGET_MS) ? 0 : 1;
