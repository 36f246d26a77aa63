import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Starts `npm start`'s script as a child process on a free port. The browser tests and the
 * benchmarks both measure this real production server, so they share one way of starting it.
 */

export const root = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  url: string;
  databasePath: string;
  output: () => string;
  stop: () => Promise<void>;
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

/** `nodeArgs` go before the script, for flags NODE_OPTIONS refuses (e.g. `--cpu-prof`). */
export function spawnStartScript(env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
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
  databasePath: string;
  env?: Record<string, string>;
  /** A port chosen beforehand, e.g. to put the origin in SITE_URL; a free one otherwise. */
  port?: number;
  /** Flags for the server's `node`, e.g. `--cpu-prof` to profile it. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const child = spawnStartScript(
    { PORT: String(port), DATABASE_URL: `file:${options.databasePath}`, ...options.env },
    options.nodeArgs,
  );
  const output = captureOutput(child);
  // start.ts logs "Serving" only after the start-up route has migrated the database.
  await waitUntilReady(child, output, () => output().includes('"msg":"Serving')).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, databasePath: options.databasePath, output, stop: () => stopChild(child) };
}
