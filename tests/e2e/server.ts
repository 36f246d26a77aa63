import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { tempDatabasePath } from '../support/temp-path';

export { tempDatabasePath };

/**
 * Starts the real production server (`npm start`'s script) on a free port with its own SQLite
 * file, so every test sees a server and a database nobody else touches.
 */

export const root = fileURLToPath(new URL('../..', import.meta.url));

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

function startScript(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `npm run db:migrate` against a database, as an operator would before editing it. */
export function migrate(databasePath: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--import', './scripts/node-hooks.mjs', 'scripts/migrate.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${databasePath}` },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`db:migrate failed: ${result.stderr}`);
}

export async function startServer(options: { databasePath?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const temp = options.databasePath ? undefined : tempDatabasePath();
  const databasePath = options.databasePath ?? temp!.path;
  const port = await freePort();
  const child = startScript({ PORT: String(port), DATABASE_URL: `file:${databasePath}`, ...options.env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('"msg":"Serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code}:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    databasePath,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      temp?.cleanup();
    },
  };
}

/** Runs the start script expecting it to refuse to start; returns its exit code and output. */
export async function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = startScript(env);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}
