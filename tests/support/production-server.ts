import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Starts the production server (what `npm start` runs: server-build/index.js, built beforehand by
 * `node server/build.mjs --if-needed`, see buildIfNeeded) as a child process on a free port. The
 * browser tests and the benchmarks both measure this real server, so they share one way of
 * starting it.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the app and the server when a source is newer than their build (`npm start` does the same). */
export function buildIfNeeded(stdio: StdioOptions = 'inherit'): void {
  const result = spawnSync(process.execPath, ['server/build.mjs', '--if-needed'], { cwd: root, stdio });
  if (result.status !== 0) throw new Error(`The build failed (exit code ${String(result.status)})`);
}

/**
 * The owner's password on test servers, given as ADMIN_PASSWORD as an operator would: a server
 * left on the built-in default first asks for a new password (issue 28), which only the specs of
 * that first start go through (they start with `ADMIN_PASSWORD: ''`).
 */
export const TEST_OWNER_PASSWORD = 'owner-passphrase-for-tests';

/** The SECRET_KEY test instances on PostgreSQL share (32 bytes, base64). */
export const TEST_SECRET_KEY = Buffer.alloc(32, 42).toString('base64');

/**
 * Test servers hash passwords at scrypt N=2^12 (PASSWORD_SCRYPT_LOG2N): at OWASP's 2^17 every
 * sign-in, failed guess and start-up seed costs 0.8 s of a core, and the browser tests make hundreds. The cost itself is checked where it is set (lib/auth/auth.test.ts).
 */
export const TEST_SCRYPT_LOG2N = '12';

export interface RunningServer {
  url: string;
  databasePath: string;
  output: () => string;
  /** SIGTERM, resolved once the process has exited. */
  stop: () => Promise<void>;
  exited: () => boolean;
  /** The server process's id, e.g. to read its memory from /proc (bench/uploads.ts). */
  pid?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The server as `npm start` runs it, with `args` (e.g. `--dev`). `nodeArgs` go before the script,
 * for flags NODE_OPTIONS refuses (e.g. `--cpu-prof`).
 */
export function spawnServer(env: Record<string, string>, options: { nodeArgs?: string[]; args?: string[] } = {}): ChildProcess {
  return spawn(process.execPath, [...(options.nodeArgs ?? []), 'server-build/index.js', ...(options.args ?? [])], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PASSWORD_SCRYPT_LOG2N: TEST_SCRYPT_LOG2N, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Collects a child's stdout and stderr, for error messages when it fails to start. */
export function captureOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

/** SIGTERM, then wait for the exit, so the port and the database file are free afterwards. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resolves once `ready(output)` holds; rejects when the child exits first or time runs out. */
export async function waitUntilReady(
  child: ChildProcess,
  output: () => string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited with code ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startProductionServer(options: {
  /** The SQLite file to serve from, or (with `databaseUrl`) a label for the PostgreSQL database. */
  databasePath: string;
  /** A PostgreSQL URL to serve from instead of the SQLite file. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** A port chosen beforehand, e.g. to put the origin in SITE_URL; a free one otherwise. */
  port?: number;
  /** Flags for the server's `node`, e.g. `--cpu-prof` to profile it. */
  nodeArgs?: string[];
  /** Arguments of the server, e.g. `--dev`. */
  args?: string[];
  /** How long start-up may take (the development server compiles on demand). */
  timeoutMs?: number;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // PostgreSQL instances must share a SECRET_KEY (SQLite ones generate theirs beside the file).
  const secretKey: Record<string, string> = options.databaseUrl ? { SECRET_KEY: TEST_SECRET_KEY } : {};
  const child = spawnServer(
    {
      PORT: String(port),
      DATABASE_URL: options.databaseUrl ?? `file:${options.databasePath}`,
      ADMIN_PASSWORD: TEST_OWNER_PASSWORD,
      ...secretKey,
      ...options.env,
    },
    { nodeArgs: options.nodeArgs, args: options.args },
  );
  const output = captureOutput(child);
  // The server logs "Serving" only once it admits visitors (migrated, cached pages expired).
  await waitUntilReady(child, output, () => output().includes('"msg":"Serving'), options.timeoutMs).catch(
    async (error: unknown) => {
      await stopChild(child);
      throw error;
    },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    databasePath: options.databasePath,
    output,
    stop: () => stopChild(child),
    exited: () => child.exitCode !== null || child.signalCode !== null,
    pid: child.pid,
  };
}
