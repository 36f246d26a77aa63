import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { buildIfNeeded, freePort, startProductionServer } from '../tests/support/production-server';
import { buildEmptyNextApp, startEmptyNextApp } from './empty-next-app';
import { captureLeadRequest, replayOnce, type CapturedRequest } from './lead-request';
import { newestPost } from './measure-js';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { nginxPath, startNginx, startProxy } from './nginx';
import { formatRows } from './table';

/** The targets of issue 10. */
export const TARGETS = { pageShareOfBare: 0.9, pageP99Ms: 50, leadsPerSecond: 300, leadP99Ms: 100 };
export const CONNECTIONS = 50;

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
}

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
}

/** One autocannon run at 50 connections, after an unrecorded warm-up of 2 s. */
async function measure(target: Target, durationSeconds: number, afterWarmup?: () => void) {
  const options = { connections: CONNECTIONS, ...target, body: target.body };
  await autocannon({ ...options, duration: 2 });
  // Requests still in flight when the warm-up stopped land before the measured run starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  afterWarmup?.();
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
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
 * measure each other). The site runs with SPAM_MIN_FILL_SECONDS=0 and the highest LEAD_RATE_LIMIT:
 * every request comes from one loopback address, which the per-address limit would otherwise
 * flag as spam after 10 leads and refuse after 50.
 */
export async function runLoad(options: {
  durationSeconds: number;
  log: (message: string) => void;
  sections?: readonly Section[];
  /** Where our server writes a CPU profile of the run (`node --cpu-prof`), when given. */
  cpuProfileDir?: string;
}): Promise<LoadReport> {
  const { log, durationSeconds, sections = SECTIONS, cpuProfileDir } = options;
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
        LEAD_RATE_LIMIT: '100000',
        LOG_DB_QUERIES: 'false',
      },
      nodeArgs: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : [],
    });
    stops.push(site.stop);

    const rows: LoadRow[] = [];
    const run = async (
      name: string,
      target: Target,
      verdictOf: (row: Omit<LoadRow, 'verdict' | 'misses'>) => string[] | Verdict,
      afterWarmup?: () => void,
    ) => {
      log(`autocannon ${name}: ${target.method ?? 'GET'} ${target.url} (${durationSeconds} s, ${CONNECTIONS} connections)`);
      const row = { name, url: target.url, ...(await measure(target, durationSeconds, afterWarmup)) };
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
      const bare = await run('bare Next.js page', { url: `${empty.url}/` }, () => 'baseline');
      const pageMisses = (row: Omit<LoadRow, 'verdict' | 'misses'>) => {
        const misses: string[] = [];
        const share = row.requestsPerSecond / bare.requestsPerSecond;
        if (share < TARGETS.pageShareOfBare) misses.push(`${Math.round(share * 100)}% of bare req/s`);
        if (row.p99Ms > TARGETS.pageP99Ms) misses.push(`p99 ${row.p99Ms} ms`);
        if (row.failed > 0) misses.push(`${row.failed} failed`);
        return misses;
      };
      await run('/ (anonymous)', { url: `${siteUrl}/` }, pageMisses);
      await run(`${post} (blog post)`, { url: `${siteUrl}${post}` }, pageMisses);

      const nginx = nginxPath();
      if (nginx) {
        const homeHtml = await (await fetch(`${siteUrl}/`)).text();
        const proxy = await startNginx({ nginx, homeHtml, appPort: port });
        stops.push(proxy.stop);
        await run('nginx: saved home page', { url: `${proxy.staticUrl}/` }, () => 'info');
        await run('nginx micro-cache: /', { url: `${proxy.proxyUrl}/` }, () => 'info');
        await run(`nginx micro-cache: ${post}`, { url: `${proxy.proxyUrl}${post}` }, () => 'info');
      } else log('nginx is not installed: its rows are left out (apt-get install nginx).');
      return nginx !== null;
    }

    async function measureLeads(): Promise<LeadCount> {
      log('Capturing a contact-form submission in Chromium');
      const lead: CapturedRequest = await captureLeadRequest(siteUrl);
      await replayOnce(siteUrl, lead);
      let before = { stored: 0, spam: 0 };
      let acknowledged = 0;
      await run(
        `lead submission (POST ${lead.path})`,
        { url: `${siteUrl}${lead.path}`, method: 'POST', headers: lead.headers, body: lead.body },
        (row) => {
          acknowledged = row.ok;
          const misses: string[] = [];
          if (row.requestsPerSecond < TARGETS.leadsPerSecond) misses.push(`${Math.round(row.requestsPerSecond)}/s`);
          if (row.p99Ms > TARGETS.leadP99Ms) misses.push(`p99 ${row.p99Ms} ms`);
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
          await run(name, { url: `${proxy.url}/` }, () => 'info');
          await proxy.stop();
        }
      }
    }

    const nginx = emptyDir ? await measurePages(emptyDir) : false;
    // The lead after the pages, so the leads it stores cannot slow the page runs.
    const leads = sections.includes('leads') ? await measureLeads() : null;
    if (sections.includes('instances')) await measureInstances();
    return { connections: CONNECTIONS, durationSeconds, rows, leads, nginx };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatTable(report: LoadReport): string {
  const rows = [
    ['Target', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'failed', 'Status'],
    ...report.rows.map((row) => [
      row.name,
      row.requestsPerSecond.toFixed(0),
      String(row.p50Ms),
      String(row.p99Ms),
      String(row.ok),
      String(row.failed),
      row.verdict === 'MISS' ? `MISS: ${row.misses.join(', ')}` : row.verdict,
    ]),
  ];
  const { leads } = report;
  return [
    formatRows(rows),
    '',
    `${report.connections} connections, ${report.durationSeconds} s per target after a 2 s warm-up, on loopback.`,
    ...(leads
      ? [`Leads in the measured run: ${leads.acknowledged} acknowledged (2xx), ${leads.stored} stored (${leads.spam} as spam).`]
      : []),
    `Targets: pages >= ${TARGETS.pageShareOfBare * 100}% of the bare Next.js page's req/s with p99 <= ${TARGETS.pageP99Ms} ms; ` +
      `leads >= ${TARGETS.leadsPerSecond}/s with p99 <= ${TARGETS.leadP99Ms} ms, every acknowledged lead stored.`,
    ...(report.nginx || !report.rows.some((row) => row.verdict === 'baseline') ? [] : ['nginx is not installed: no nginx rows.']),
  ].join('\n');
}
