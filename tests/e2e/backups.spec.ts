import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { connect } from '../../lib/db/connect.server';
import { databaseTarget } from '../../lib/env-schema';
import { createPostgresDatabase, postgresUrl } from '../support/postgres-database';
import { startProductionServer } from '../support/production-server';
import { root, startServer, tempDatabasePath, type RunningServer } from './server';

/**
 * `npm run db:backup` and `npm run db:restore FILE` as an operator runs them: the real tools
 * (server-build/backup.js and restore.js) beside a running production server that keeps serving
 * pages and storing leads, then a restore into a scratch database and a second instance on it.
 */

test.describe.configure({ timeout: 120_000 });

const PASSPHRASE = 'a passphrase for the backups';
/** Every lead gets through: the rate limit would otherwise flag one visitor's many leads as spam. */
const SERVER_ENV = { LEAD_RATE_LIMIT: '100000' };

/** Runs a tool as `npm run db:*` does (after the build), with `env` over the test's environment. */
function runTool(tool: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [`server-build/${tool}.js`, ...args], {
    cwd: root,
    // Empty means unset: an operator's .env must not lend the test a passphrase.
    env: { ...process.env, BACKUP_PASSPHRASE: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** Visitors meanwhile: one sends contact leads one after another, one views the home page. */
function visitors(url: string) {
  let stopping = false;
  const leads: { token: string; status: number }[] = [];
  const views: number[] = [];
  const sending = (async () => {
    for (let i = 0; !stopping; i++) {
      const token = `v${i}`;
      const response = await fetch(`${url}/api/leads/contact`, {
        method: 'POST',
        headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          from_name: 'Backup Visitor',
          from_email: 'visitor@example.com',
          phone: '208-555-0142',
          message: `Token ${token} end`,
          page: '/contact',
          fill_ms: '9000',
        }),
      });
      await response.arrayBuffer();
      leads.push({ token, status: response.status });
    }
  })();
  const viewing = (async () => {
    while (!stopping) {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      views.push(response.status);
    }
  })();
  return {
    leads,
    views,
    /** Resolves once `count` leads in all have been answered. */
    answered: async (count: number) => {
      while (leads.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    stop: async () => {
      stopping = true;
      await Promise.all([sending, viewing]);
    },
  };
}

async function storedTokens(databaseUrl: string): Promise<string[]> {
  const db = connect(databaseTarget(databaseUrl));
  try {
    const rows = await db.selectFrom('leads').select('fields').where('fields', 'like', '%Token %').execute();
    return rows.map((row) => /Token (\S+) end/.exec(row.fields)![1]!);
  } finally {
    await db.destroy();
  }
}

interface Setup {
  server: RunningServer;
  databaseUrl: string;
  /** A database URL where nothing is yet, for the restore. */
  scratchUrl: string;
}

async function backupWhileServing(setup: Setup) {
  const { server, databaseUrl, scratchUrl } = setup;
  const backupDir = mkdtempSync(join(tmpdir(), 'clp-backups-'));
  try {
    const traffic = visitors(server.url);
    await traffic.answered(10);
    const storedBefore = traffic.leads.filter((lead) => lead.status === 200).map((lead) => lead.token);
    const answeredBefore = traffic.leads.length + traffic.views.length;
    const backup = await runTool('backup', { DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir, BACKUP_PASSPHRASE: PASSPHRASE });
    // Requests were answered while the tool ran (it takes a Node start and the scrypt key, at least).
    expect(traffic.leads.length + traffic.views.length).toBeGreaterThan(answeredBefore);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = backup.stdout.trim();
    expect(file).toMatch(/^\/.*\/clp-(sqlite|postgres)-\d{8}T\d{6}Z\.(db|dump)\.enc$/);
    // The site went on storing leads and serving pages, and answered every request.
    await traffic.answered(traffic.leads.length + 10);
    await traffic.stop();
    expect(new Set(traffic.leads.map((lead) => lead.status))).toEqual(new Set([200]));
    expect(new Set(traffic.views)).toEqual(new Set([200]));

    // A restore needs the site stopped: into the database it is using, it is refused.
    const refused = await runTool('restore', { DATABASE_URL: databaseUrl, BACKUP_PASSPHRASE: PASSPHRASE }, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is in use\b.*: stop the site.*\nNothing was changed\./s);
    expect((await fetch(`${server.url}/`)).status).toBe(200);

    // Without the passphrase, an encrypted backup is refused with what to set.
    const locked = await runTool('restore', { DATABASE_URL: scratchUrl }, [file]);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.');

    const restore = await runTool('restore', { DATABASE_URL: scratchUrl, BACKUP_PASSPHRASE: PASSPHRASE }, [file]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file}`);
    const restored = await storedTokens(scratchUrl);
    expect(restored).toEqual(expect.arrayContaining(storedBefore));
    const sent = traffic.leads.map((lead) => lead.token);
    expect(sent).toEqual(expect.arrayContaining(restored));

    // docs/operations.md's restore test: a second instance on the restored copy serves the site.
    const second = await startProductionServer({ databasePath: 'restored copy', databaseUrl: scratchUrl, env: SERVER_ENV });
    try {
      expect((await fetch(`${second.url}/`)).status).toBe(200);
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(backupDir, { recursive: true, force: true });
  }
}

test('SQLite: db:backup while the site serves, then db:restore into a scratch file', async () => {
  const server = await startServer({ env: SERVER_ENV });
  const scratch = tempDatabasePath();
  try {
    await backupWhileServing({
      server,
      databaseUrl: `file:${server.databasePath}`,
      scratchUrl: `file:${scratch.path}`,
    });
  } finally {
    await server.stop();
    scratch.cleanup();
  }
});

if (postgresUrl) {
  test('PostgreSQL: db:backup while the site serves, then db:restore into a scratch database', async () => {
    const database = await createPostgresDatabase(postgresUrl!);
    const scratch = await createPostgresDatabase(postgresUrl!);
    const server = await startProductionServer({ databasePath: 'postgres', databaseUrl: database.url, env: SERVER_ENV });
    try {
      await backupWhileServing({ server, databaseUrl: database.url, scratchUrl: scratch.url });
    } finally {
      await server.stop();
      await database.drop();
      await scratch.drop();
    }
  });
}
