import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { buildIfNeeded, freePort, startProductionServer } from '../tests/support/production-server';
import { buildEmptyNextApp, startEmptyNextApp } from './empty-next-app';
import { captureLeadRequest, replayOnce, type CapturedRequest } from './lead-request';
import { newestPost } from './measure-js';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { placeOnSeparateCores } from './cpu-placement';
import { machineSummary } from './machine';
import { nginxPath, startNginx, startProxy, type SavedPage } from './nginx';
import { formatRows } from './table';

/**
 * The targets: issue 32's for the home page, the lead submission and the calculator page with a
 * query; issue 10's for the blog post. `/` is compared with the bare page and with nginx serving the
 * same HTML, each measured just before it in the same run.
 */
export const TARGETS = {
  home: { shareOfBare: 2, shareOfNginx: 0.9, p99Ms: 30 },
  post: { shareOfBare: 0.9, p99Ms: 50 },
  leads: { perSecond: 3000, p99Ms: 50 },
  calculator: { perSecond: 500 },
};
export const CONNECTIONS = 50;

/**
 * What Chromium sends, so a page row measures what a visitor's browser gets: our server sends
 * public pages in Brotli, the bare Next.js page comes gzipped, nginx sends its precompressed copy.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const BROWSER = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };

/** A calculator page with a query: rendered per request (neither Next's cache nor the micro-cache keeps it). */
export const CALCULATOR_WITH_QUERY = '/calculators/construction-to-permanent?amount=400000&rate=6.75&years=30';

/**
 * What a run measures: the page rows (with the bare page and nginx), the lead submission, and `/`
 * through nginx in front of one instance and of two on PostgreSQL (issue 15; needs nginx and
 * TEST_POSTGRES_URL, informational).
 */
export const SECTIONS = ['pages', 'leads', 'instances'] as const;
export type Section = (typeof SECTIONS)[number];

export type Verdict = 'OK' | 'MISS' | 'baseline' | 'info';
export interface LoadRow {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Responses outside 2xx, connection errors and timeouts. */
  failed: number;
  /** A page's Content-Encoding and body bytes as sent, from one request before the run; null for a POST. */
  coding: string | null;
  bytes: number | null;
  /**
   * Cores busy during the measured run: the load generator (this process) and, for our server's
   * rows, the server. A generator near 1 is the limit of the run, whatever the server could do.
   */
  generatorCpu: number;
  serverCpu: number | null;
  verdict: Verdict;
  misses: string[];
}
export interface LeadCount {
  acknowledged: number;
  stored: number;
  spam: number;
}
export interface LoadReport {
  connections: number;
  durationSeconds: number;
  rows: LoadRow[];
  /** Null when the lead submission was not measured. */
  leads: LeadCount | null;
  nginx: boolean;
  /** The machine, with its load average when the run started (bench/machine.ts). */
  machine: string;
  /** The 1-, 5- and 15-minute load average when the run ended. */
  loadAtEnd: number[];
}

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** The answering process, when it is ours to watch (its CPU time is read from /proc). */
  serverPid?: number;
  /** Changes each request before it is sent (autocannon's `setupRequest`). */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

/** One GET with the raw bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      }).on('error', reject);
    },
  );
}

/** What one request of a GET target gets: the coding and size of the body, checked to be a 200. */
async function probe(target: Target): Promise<{ coding: string; bytes: number }> {
  const response = await rawGet(target.url, target.headers ?? {});
  if (response.status !== 200) throw new Error(`${target.url} answered ${response.status}, not 200`);
  return { coding: String(response.headers['content-encoding'] ?? 'none'), bytes: response.body.length };
}

/**
 * The home page as our server sends it to a browser: the Brotli bytes, the gzip bytes and the HTML
 * they both decode to, from one micro-cache entry (asked again should the page be re-rendered
 * between the two requests), for nginx to serve the same bytes.
 */
async function saveHomePage(siteUrl: string): Promise<SavedPage> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const br = await rawGet(`${siteUrl}/`, { 'accept-encoding': 'br' });
    const gzip = await rawGet(`${siteUrl}/`, { 'accept-encoding': 'gzip' });
    if (br.headers['content-encoding'] !== 'br' || gzip.headers['content-encoding'] !== 'gzip') {
      throw new Error('the home page did not come in Brotli and gzip when asked');
    }
    const html = brotliDecompressSync(br.body);
    if (html.equals(gunzipSync(gzip.body))) return { html, gzip: gzip.body, br: br.body };
  }
  throw new Error('the home page changed between every pair of requests: no two copies to compare');
}

/** A process's CPU time (user + system) in seconds, from /proc; null where it cannot be read. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // After the command name: state is field 3, utime 14 and stime 15, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** One autocannon run at 50 connections, after an unrecorded warm-up of 2 s. */
async function measure(target: Target, durationSeconds: number, afterWarmup?: () => void) {
  const { serverPid, setupRequest, ...request } = target;
  const options = {
    connections: CONNECTIONS,
    ...request,
    body: request.body,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  };
  // Again before each row: the servers started since (nginx, the bare app) are placed too.
  placeOnSeparateCores();
  await autocannon({ ...options, duration: 2 });
  // Requests still in flight when the warm-up stopped land before the measured run starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  afterWarmup?.();
  const [serverBefore, generatorBefore, startedAt] = [cpuSecondsOf(serverPid), process.cpuUsage(), performance.now()];
  const result = await autocannon({ ...options, duration: durationSeconds });
  const seconds = (performance.now() - startedAt) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = cpuSecondsOf(serverPid);
  return {
    generatorCpu: (generator.user + generator.system) / 1e6 / seconds,
    serverCpu: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / seconds,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function countLeads(databasePath: string): { stored: number; spam: number } {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COUNT(*) AS stored, COALESCE(SUM(is_spam), 0) AS spam FROM leads').get() as {
      stored: number;
      spam: number;
    };
  } finally {
    db.close();
  }
}

/**
 * Serves the site (temporary SQLite file), the empty Next.js app and, when installed, nginx, and
 * measures each target one after the other (on a 2-core machine, in parallel they would only
 * measure each other). The site runs with SPAM_MIN_FILL_SECONDS=0, and behind a proxy as far as it
 * knows (TRUST_PROXY=1): each lead comes from a visitor address of its own in X-Forwarded-For, as
 * a proxied site's visitors do, and the per-address limit counts each address's leads as it would
 * there. (Sent from the one loopback address with the limit raised out of the way, as before, every
 * batch of leads counted the whole run's leads again: a cost that grew with the run and that no
 * real site has, since its limit stops counting at 50.)
 */
export async function runLoad(options: {
  durationSeconds: number;
  log: (message: string) => void;
  sections?: readonly Section[];
  /** Where our server writes a CPU profile of the run (`node --cpu-prof`), when given. */
  cpuProfileDir?: string;
}): Promise<LoadReport> {
  const { log, durationSeconds, sections = SECTIONS, cpuProfileDir } = options;
  const machine = machineSummary();
  log(machine);
  buildIfNeeded(['ignore', 2, 2]);
  const emptyDir = sections.includes('pages') ? buildEmptyNextApp(log) : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'clp-bench-db-'));
  const databasePath = join(dataDir, 'site.db');
  const port = await freePort();
  const stops: (() => Promise<void>)[] = [];
  try {
    const siteUrl = `http://127.0.0.1:${port}`;
    const site = await startProductionServer({
      databasePath,
      port,
      env: {
        SITE_URL: siteUrl,
        SPAM_MIN_FILL_SECONDS: '0',
        TRUST_PROXY: '1',
        LOG_DB_QUERIES: 'false',
      },
      nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : [],
    });
    stops.push(site.stop);
    log(placeOnSeparateCores());

    const rows: LoadRow[] = [];
    const run = async (
      name: string,
      target: Target,
      verdictOf: (row: Omit<LoadRow, 'verdict' | 'misses'>) => string[] | Verdict,
      afterWarmup?: () => void,
    ) => {
      log(`autocannon ${name}: ${target.method ?? 'GET'} ${target.url} (${durationSeconds} s, ${CONNECTIONS} connections)`);
      const sent = (target.method ?? 'GET') === 'GET' ? await probe(target) : { coding: null, bytes: null };
      const row = { name, url: target.url, ...sent, ...(await measure(target, durationSeconds, afterWarmup)) };
      const verdict = verdictOf(row);
      rows.push(
        typeof verdict === 'string'
          ? { ...row, verdict, misses: [] }
          : { ...row, verdict: verdict.length ? 'MISS' : 'OK', misses: verdict },
      );
      return row;
    };

    async function measurePages(emptyDir: string): Promise<boolean> {
      const empty = await startEmptyNextApp(emptyDir);
      stops.push(empty.stop);
      const post = await newestPost(siteUrl);
      const page = (path: string): Target => ({ url: `${siteUrl}${path}`, headers: BROWSER, serverPid: site.pid });
      const bare = await run('bare Next.js page', { url: `${empty.url}/`, headers: BROWSER }, () => 'baseline');
      const nginx = nginxPath();
      let saved: { requestsPerSecond: number } | null = null;
      let proxyUrl: string | null = null;
      if (nginx) {
        const proxy = await startNginx({ nginx, home: await saveHomePage(siteUrl), appPort: port });
        stops.push(proxy.stop);
        proxyUrl = proxy.proxyUrl;
        const name = `nginx: saved home page (${proxy.staticCoding}_static)`;
        saved = await run(name, { url: `${proxy.staticUrl}/`, headers: BROWSER }, () => 'baseline');
      } else log('nginx is not installed: its rows are left out (apt-get install nginx).');

      const common = (row: Omit<LoadRow, 'verdict' | 'misses'>, misses: string[], p99Ms: number) => {
        if (row.p99Ms > p99Ms) misses.push(`p99 ${row.p99Ms} ms`);
        if (row.failed > 0) misses.push(`${row.failed} failed`);
        return misses;
      };
      const share = (row: { requestsPerSecond: number }, of: { requestsPerSecond: number }) =>
        row.requestsPerSecond / of.requestsPerSecond;
      await run('/ (anonymous)', page('/'), (row) => {
        const misses: string[] = [];
        if (share(row, bare) < TARGETS.home.shareOfBare) misses.push(`${share(row, bare).toFixed(2)}x bare`);
        if (saved && share(row, saved) < TARGETS.home.shareOfNginx) misses.push(`${share(row, saved).toFixed(2)}x nginx`);
        return common(row, misses, TARGETS.home.p99Ms);
      });
      await run(`${post} (blog post)`, page(post), (row) => {
        const misses: string[] = [];
        if (share(row, bare) < TARGETS.post.shareOfBare) misses.push(`${share(row, bare).toFixed(2)}x bare`);
        return common(row, misses, TARGETS.post.p99Ms);
      });
      await run('calculator with a query', page(CALCULATOR_WITH_QUERY), (row) => {
        const misses: string[] = [];
        if (row.requestsPerSecond < TARGETS.calculator.perSecond) misses.push(`${Math.round(row.requestsPerSecond)}/s`);
        return common(row, misses, Infinity);
      });
      if (proxyUrl) {
        await run('nginx micro-cache: /', { url: `${proxyUrl}/`, headers: BROWSER }, () => 'info');
        await run(`nginx micro-cache: ${post}`, { url: `${proxyUrl}${post}`, headers: BROWSER }, () => 'info');
      }
      return nginx !== null;
    }

    /** A new visitor address for each lead: 10.0.0.1, 10.0.0.2, … (16 million before one repeats). */
    let visitors = 0;
    const nextVisitor = () => {
      visitors += 1;
      return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
    };

    async function measureLeads(): Promise<LeadCount> {
      log('Capturing a contact-form submission in Chromium');
      const lead: CapturedRequest = await captureLeadRequest(siteUrl);
      await replayOnce(siteUrl, lead);
      let before = { stored: 0, spam: 0 };
      let acknowledged = 0;
      await run(
        `lead submission (POST ${lead.path})`,
        {
          url: `${siteUrl}${lead.path}`,
          method: 'POST',
          headers: lead.headers,
          body: lead.body,
          serverPid: site.pid,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextVisitor() } }),
        },
        (row) => {
          acknowledged = row.ok;
          const misses: string[] = [];
          if (row.requestsPerSecond < TARGETS.leads.perSecond) misses.push(`${Math.round(row.requestsPerSecond)}/s`);
          if (row.p99Ms > TARGETS.leads.p99Ms) misses.push(`p99 ${row.p99Ms} ms`);
          if (row.failed > 0) misses.push(`${row.failed} failed`);
          return misses;
        },
        () => (before = countLeads(databasePath)),
      );
      // Requests still in flight when autocannon stopped may finish after it: let them land.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const after = countLeads(databasePath);
      // Stored may exceed acknowledged by the requests autocannon gave up on when time ran out.
      const leads = { acknowledged, stored: after.stored - before.stored, spam: after.spam - before.spam };
      const leadRow = rows.at(-1)!;
      const miss = (text: string) => {
        leadRow.verdict = 'MISS';
        leadRow.misses.push(text);
      };
      if (leads.stored < leads.acknowledged) miss(`${leads.acknowledged - leads.stored} acknowledged leads not stored`);
      if (after.spam > 0) miss(`${after.spam} stored as spam`);
      return leads;
    }

    /** `/` through nginx, with and without its micro-cache, in front of one instance and of two. */
    async function measureInstances(): Promise<void> {
      const nginx = nginxPath();
      const postgres = process.env.TEST_POSTGRES_URL;
      if (!nginx || !postgres) {
        log('Two instances need nginx and a PostgreSQL server (TEST_POSTGRES_URL): their rows are left out.');
        return;
      }
      const database = await createPostgresDatabase(postgres);
      stops.push(database.drop);
      const ports = [await freePort(), await freePort()];
      for (const appPort of ports) {
        const instance = await startProductionServer({
          databasePath: `instance on ${appPort}`,
          databaseUrl: database.url,
          port: appPort,
          env: { TRUST_PROXY: '1', SITE_URL: `http://127.0.0.1:${ports[0]}` },
        });
        stops.push(instance.stop);
      }
      for (const microcache of [false, true]) {
        for (const count of [1, 2]) {
          const proxy = await startProxy({ nginx, appPorts: ports.slice(0, count), microcache });
          const name = `nginx${microcache ? ' micro-cache' : ''} -> ${count} instance${count > 1 ? 's' : ''} (PostgreSQL): /`;
          await run(name, { url: `${proxy.url}/`, headers: BROWSER }, () => 'info');
          await proxy.stop();
        }
      }
    }

    const nginx = emptyDir ? await measurePages(emptyDir) : false;
    // The lead after the pages, so the leads it stores cannot slow the page runs.
    const leads = sections.includes('leads') ? await measureLeads() : null;
    if (sections.includes('instances')) await measureInstances();
    return { connections: CONNECTIONS, durationSeconds, rows, leads, nginx, machine, loadAtEnd: loadavg() };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatTable(report: LoadReport): string {
  const rows = [
    ['Target', 'coding', 'KB', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'failed', 'gen CPU', 'srv CPU', 'Status'],
    ...report.rows.map((row) => [
      row.name,
      row.coding ?? '',
      row.bytes === null ? '' : (row.bytes / 1000).toFixed(1),
      row.requestsPerSecond.toFixed(0),
      String(row.p50Ms),
      String(row.p99Ms),
      String(row.ok),
      String(row.failed),
      `${Math.round(row.generatorCpu * 100)}%`,
      row.serverCpu === null ? '' : `${Math.round(row.serverCpu * 100)}%`,
      row.verdict === 'MISS' ? `MISS: ${row.misses.join(', ')}` : row.verdict,
    ]),
  ];
  const { leads } = report;
  const { home, post, calculator } = TARGETS;
  return [
    formatRows(rows),
    '',
    `${report.connections} connections, ${report.durationSeconds} s per target after a 2 s warm-up, on loopback; ` +
      `pages asked with Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (KB: the body as sent).`,
    'CPU: share of one core used during the run by the load generator (gen) and by our server (srv); 2 cores in all.',
    `${report.machine}; at the end ${report.loadAtEnd.map((value) => value.toFixed(2)).join(' ')}.`,
    ...(leads
      ? [`Leads in the measured run: ${leads.acknowledged} acknowledged (2xx), ${leads.stored} stored (${leads.spam} as spam).`]
      : []),
    `Targets: / >= ${home.shareOfBare}x the bare Next.js page's req/s and >= ${home.shareOfNginx}x nginx's saved copy, p99 <= ${home.p99Ms} ms; ` +
      `the post >= ${post.shareOfBare}x the bare page, p99 <= ${post.p99Ms} ms; the calculator >= ${calculator.perSecond}/s; ` +
      `leads >= ${TARGETS.leads.perSecond}/s with p99 <= ${TARGETS.leads.p99Ms} ms, every acknowledged lead stored; nothing failed.`,
    ...(report.nginx || !report.rows.some((row) => row.verdict === 'baseline')
      ? []
      : ['nginx is not installed: no nginx rows, and / is not compared with nginx.']),
  ].join('\n');
}
