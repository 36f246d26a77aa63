/**
 * `npm run bench:uploads`: issue 30's memory target for uploads. Starts the production server on a
 * temporary SQLite file, opens a loan file with a builder link directly in the database, then posts
 * four 25 MB PDFs at once to four of the builder's items (the builder's upload path needs no
 * cookie) while it reads the server's resident memory (VmRSS in /proc/<pid>/status) every 50 ms.
 * Prints the baseline, the peak and the growth with each upload's status and time; exits 1 when
 * the growth reaches 64 MB or an upload is not answered 200. MB here are 2^20 bytes, as the
 * 25 MB limit is (DOCUMENT_MAX_BYTES).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { connect, type DB } from '../lib/db/connect.server';
import { migrateToLatest } from '../lib/db/migrate.server';
import { DOCUMENT_MAX_BYTES } from '../lib/documents/types';
import { builderLink } from '../lib/loan-files/builder.server';
import { openLoanFile } from '../lib/loan-files/files.server';
import { builderUploadPath } from '../lib/loan-files/portal-paths';
import { listItems } from '../lib/loan-files/queries.server';
import { fullApplication } from '../tests/support/lead-data';
import { recordLead } from '../tests/support/leads';
import { buildIfNeeded, freePort, root, startProductionServer } from '../tests/support/production-server';
import { machineSummary } from './machine';
import { formatRows, logToStderr as log } from './table';

const MB = 1024 * 1024;
const UPLOADS = 4;
/** Just under the limit: the store refuses a byte more than 25 MB. */
const FILE_BYTES = DOCUMENT_MAX_BYTES - 4096;
const GROWTH_LIMIT_MB = 64;
const SAMPLE_MS = 50;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
/** What the client writes at a time, as a browser's upload arrives: pieces, never a whole file. */
const PIECE_BYTES = 64 * 1024;

/**
 * The server bundle, which answers uploads itself (server/portal-upload.ts), is rebuilt when its
 * sources changed; Next's build only when there is none: Next never sees an upload, so a stale
 * page build changes nothing measured here, and rebuilding it takes minutes of both cores.
 */
function buildServerIfNeeded(): void {
  const result = spawnSync(process.execPath, ['server/build.mjs', '--server', '--if-needed'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`The server build failed (exit code ${String(result.status)})`);
  if (!existsSync(join(root, '.next', 'BUILD_ID'))) buildIfNeeded(['ignore', 2, 2]);
}

/** A loan file whose builder link may upload to `count` items: its token and the items' ids. */
async function builderItems(db: DB, siteUrl: string, count: number): Promise<{ token: string; itemIds: string[] }> {
  const application = { ...fullApplication, builderStatus: 'have-builder' };
  const lead = await recordLead(db, {
    kind: 'application',
    fields: application,
    page: '/apply',
    consent: false,
    spamReason: null,
    clientAddress: '203.0.113.30',
    userAgent: 'bench:uploads',
  });
  const { file } = await openLoanFile(db, lead.id);
  const link = await builderLink(db, file.id, { siteUrl });
  const itemIds = (await listItems(db, file.id, 'builder')).map((item) => item.id);
  if (itemIds.length < count) throw new Error(`The loan file has ${itemIds.length} builder items, not ${count}.`);
  return { token: link.slice(link.lastIndexOf('/') + 1), itemIds: itemIds.slice(0, count) };
}

/** A PDF's head, then random bytes made a piece at a time as they are sent. */
async function* pdfBytes(size: number): AsyncGenerator<Buffer> {
  yield PDF_HEAD;
  for (let sent = PDF_HEAD.length; sent < size; sent += PIECE_BYTES) yield randomBytes(Math.min(PIECE_BYTES, size - sent));
}

interface UploadResult {
  status: number;
  outcome: string;
  seconds: number;
}

/** Posts a `size`-byte PDF as the portal's form does (multipart, field `file`), streamed, with its length declared. */
async function upload(siteUrl: string, path: string, size: number): Promise<UploadResult> {
  const boundary = `----clp-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plans.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    yield* pdfBytes(size);
    yield tail;
  }
  const started = performance.now();
  const req = request(`${siteUrl}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      Origin: siteUrl,
      Accept: 'application/json',
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + size + tail.length),
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.once('error', reject);
    });
    req.once('error', reject);
  });
  // A refusal may come (and the connection close) before the body is all sent: the answer counts.
  await pipeline(Readable.from(body()), req).catch(() => {});
  const { status, text } = await answered;
  let outcome = text.slice(0, 80);
  try {
    outcome = String((JSON.parse(text) as { outcome?: unknown; error?: unknown }).outcome ?? outcome);
  } catch {
    // not JSON: the text itself says what went wrong
  }
  return { status, outcome, seconds: (performance.now() - started) / 1000 };
}

/** Resident memory by kind, in MB: the total (VmRSS), anonymous (the heaps), file-backed (code, maps) and shared. */
interface Memory {
  rss: number;
  anon: number;
  file: number;
  shmem: number;
}

/** The process's resident memory (the kB figures of /proc/<pid>/status). */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile'), shmem: field('RssShmem') };
}

/** Reads the memory every 50 ms until stopped; returns every sample. */
function sampleMemory(pid: number) {
  const samples: Memory[] = [memoryOf(pid)];
  const timer = setInterval(() => samples.push(memoryOf(pid)), SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      samples.push(memoryOf(pid));
      return samples;
    },
  };
}

/** The sample of median RSS. */
const median = (samples: Memory[]) => [...samples].sort((a, b) => a.rss - b.rss)[Math.floor(samples.length / 2)]!;
const kinds = (memory: Memory) => `anonymous ${mb(memory.anon)}, file ${mb(memory.file)}, shared ${mb(memory.shmem)}`;
const mb = (value: number) => value.toFixed(1);

async function main(): Promise<boolean> {
  buildServerIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'clp-bench-uploads-'));
  const databasePath = join(dataDir, 'site.db');
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const db = connect({ kind: 'sqlite', path: databasePath });
  try {
    await migrateToLatest(db);
    // The item after the four receives the warm-up upload.
    const { token, itemIds } = await builderItems(db, siteUrl, UPLOADS + 1);
    const server = await startProductionServer({ databasePath, port, env: { SITE_URL: siteUrl, LOG_DB_QUERIES: 'false' } });
    try {
      const pid = server.pid;
      if (pid === undefined) throw new Error('The server process has no pid.');
      const path = (itemId: string) => `${builderUploadPath(token)}?item=${encodeURIComponent(itemId)}`;
      const started = memoryOf(pid).rss;
      // One small upload first, so the baseline is a server that has answered an upload.
      const warmUp = await upload(siteUrl, path(itemIds[UPLOADS]!), 1 * MB);
      if (warmUp.status !== 200) throw new Error(`The warm-up upload was answered ${warmUp.status} (${warmUp.outcome}).`);

      log(`Sampling the server's memory for 1 s, then ${UPLOADS} uploads of ${mb(FILE_BYTES / MB)} MB at once`);
      const before = sampleMemory(pid);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const baseline = median(before.stop());
      const during = sampleMemory(pid);
      const results = await Promise.all(itemIds.slice(0, UPLOADS).map((itemId) => upload(siteUrl, path(itemId), FILE_BYTES)));
      const samples = during.stop();
      const peak = samples.reduce((top, sample) => (sample.rss > top.rss ? sample : top));
      const growth = peak.rss - baseline.rss;

      const stored = await db
        .selectFrom('documents')
        .select(['size'])
        .where('state', '=', 'complete')
        .where('size', '=', FILE_BYTES)
        .execute();
      const failed = results.filter((result) => result.status !== 200).length;
      const ok = growth < GROWTH_LIMIT_MB && failed === 0 && stored.length === UPLOADS;
      const rows = [
        ['upload', 'MB', 'status', 'seconds', 'MB/s', 'outcome'],
        ...results.map((result, i) => [
          `builder item ${i + 1}`,
          mb(FILE_BYTES / MB),
          String(result.status),
          result.seconds.toFixed(2),
          mb(FILE_BYTES / MB / result.seconds),
          result.outcome,
        ]),
      ];
      process.stdout.write(
        [
          `${UPLOADS} concurrent uploads of ${FILE_BYTES.toLocaleString('en-US')} bytes (builder link, SQLite); ${machineSummary()}`,
          formatRows(rows),
          '',
          `server RSS (MB): at start ${mb(started)}; baseline after a 1 MB warm-up, median over 1 s, ${mb(baseline.rss)} (${kinds(baseline)})`,
          `peak ${mb(peak.rss)} (${kinds(peak)}; ${samples.length} samples every ${SAMPLE_MS} ms); after the uploads ${mb(samples.at(-1)!.rss)}`,
          `growth ${mb(growth)} MB (limit < ${GROWTH_LIMIT_MB} MB; ${mb(peak.rss - started)} MB over the start); ` +
            `${stored.length} of ${UPLOADS} stored whole: ${ok ? 'OK' : 'FAIL'}`,
        ].join('\n') + '\n',
      );
      return ok;
    } finally {
      await server.stop();
    }
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = (await main()) ? 0 : 1;
} catch (error) {
  log(`bench:uploads failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
