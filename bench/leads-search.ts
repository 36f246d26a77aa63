/**
 * `npm run bench:leads`: the Leads tab's queries on 100,000 generated leads. Creates a temporary
 * SQLite database (and a PostgreSQL one when TEST_POSTGRES_URL is set), migrates it, inserts the
 * leads in batches, then runs the same `searchLeads` the tab uses with varied filters and prints
 * p50/p95 per query. Exits 1 when any p95 is over the budget (50 ms).
 */
import { parseArgs } from 'node:util';
import type { DB } from '../lib/db/connect.server';
import { migrateToLatest } from '../lib/db/migrate.server';
import { leadFilterSchema } from '../lib/leads/admin/filter';
import { searchLeads } from '../lib/leads/admin/queries.server';
import { generateLeads, insertLeads } from '../tests/support/generate-leads';
import { postgresUrl, tempPostgres, tempSqlite } from '../tests/support/temp-db';

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
    budget: { type: 'string', default: '50' },
  },
});
const COUNT = Number(values.leads);
const RUNS = Number(values.runs);
const BUDGET_MS = Number(values.budget);
const log = (message: string) => process.stderr.write(`${message}\n`);

const leads = generateLeads(COUNT);
const sample = (i: number) => leads[(i * 7919) % leads.length]!;
const day = (i: number) => leads[Math.min(leads.length - 1, i)]!.createdAt.slice(0, 10);

/** Each case gives the filter of run i, so searches vary between runs. */
const cases: { name: string; filter: (i: number) => Record<string, unknown> }[] = [
  { name: 'all, page 1', filter: () => ({}) },
  { name: 'all, page 40', filter: () => ({ page: 40 }) },
  {
    name: 'kind + status, page 1',
    filter: (i) => ({
      kind: ['contact', 'qualification', 'application', 'ebook'][i % 4],
      status: ['new', 'contacted', 'qualified'][i % 3],
    }),
  },
  { name: 'kind + status, page 10', filter: (i) => ({ kind: ['contact', 'qualification'][i % 2], status: 'new', page: 10 }) },
  { name: 'status only', filter: (i) => ({ status: ['won', 'lost', 'application'][i % 3] }) },
  { name: 'spam folder', filter: () => ({ status: 'spam' }) },
  { name: 'search name', filter: (i) => ({ q: sample(i).name.toUpperCase() }) },
  { name: 'search e-mail', filter: (i) => ({ q: sample(i).email.slice(0, 12) }) },
  { name: 'search phone digits', filter: (i) => ({ q: sample(i).phone.replace(/\D/g, '').slice(3) }) },
  { name: 'search + kind', filter: (i) => ({ q: 'garcia', kind: ['contact', 'ebook'][i % 2] }) },
  { name: 'date range (1 week)', filter: (i) => ({ from: day(20_000 + i * 100 + 10_080), to: day(20_000 + i * 100) }) },
  {
    name: 'date range + kind + status',
    filter: (i) => ({ from: day(60_000), to: day(10_000 + i), kind: 'application', status: 'new' }),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function bench(engine: string, db: DB) {
  await migrateToLatest(db);
  let t = performance.now();
  // Vacuumed and analyzed like a live database (see insertLeads).
  await insertLeads(db, leads);
  log(`${engine}: inserted ${COUNT.toLocaleString('en-US')} leads in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const results = [];
  for (const c of cases) {
    for (let i = 0; i < 3; i++) await searchLeads(db, leadFilterSchema.parse(c.filter(i))); // warm up
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const filter = leadFilterSchema.parse(c.filter(i));
      t = performance.now();
      const page = await searchLeads(db, filter);
      times.push(performance.now() - t);
      total = page.total;
    }
    times.sort((a, b) => a - b);
    results.push({ engine, name: c.name, p50: percentile(times, 50), p95: percentile(times, 95), total });
  }
  return results;
}

const rows: Awaited<ReturnType<typeof bench>> = [];
const sqlite = tempSqlite();
try {
  rows.push(...(await bench('SQLite', sqlite.db)));
} finally {
  await sqlite.cleanup();
}
if (postgresUrl) {
  const pg = await tempPostgres(postgresUrl);
  try {
    rows.push(...(await bench('PostgreSQL', pg.db)));
  } finally {
    await pg.cleanup();
  }
} else log('TEST_POSTGRES_URL not set: PostgreSQL skipped.');

const header = ['engine', 'query (first page unless noted)', 'matches', 'p50 ms', 'p95 ms', 'verdict'];
const table = rows.map((r) => [
  r.engine,
  r.name,
  String(r.total),
  r.p50.toFixed(1),
  r.p95.toFixed(1),
  r.p95 <= BUDGET_MS ? 'OK' : 'OVER',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
process.stdout.write(
  [
    `Leads search on ${COUNT.toLocaleString('en-US')} leads, ${RUNS} runs per query, page size 25 (list + count), budget p95 <= ${BUDGET_MS} ms`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...table.map(line),
  ].join('\n') + '\n',
);
process.exitCode = rows.every((r) => r.p95 <= BUDGET_MS) ? 0 : 1;
