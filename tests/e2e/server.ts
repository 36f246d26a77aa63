import { spawnSync } from 'node:child_process';
import {
  captureOutput,
  freePort,
  root,
  spawnServer,
  startProductionServer,
  type RunningServer,
} from '../support/production-server';
import { tempDatabasePath } from '../support/temp-path';

export { freePort, root, tempDatabasePath, type RunningServer };

/**
 * Starts the real production server (`npm start`'s script) on a free port with its own SQLite
 * file, so every test sees a server and a database nobody else touches.
 */

/** Runs `npm run db:migrate` against a database, as an operator would before editing it. */
export function migrate(databasePath: string): void {
  const result = spawnSync(process.execPath, ['server-build/migrate.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${databasePath}` },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`db:migrate failed: ${result.stderr}`);
}

export async function startServer(
  options: { databasePath?: string; env?: Record<string, string>; args?: string[]; timeoutMs?: number; port?: number } = {},
): Promise<RunningServer> {
  const temp = options.databasePath ? undefined : tempDatabasePath();
  const { databasePath, env, ...rest } = options;
  // A test's server serves a few routes: it loads each at its first request instead of every one
  // at start (0.7 s of a core per start; the benchmarks keep Next's default).
  const lazy = { LAZY_ROUTES: '1', ...env };
  const server = await startProductionServer({ databasePath: databasePath ?? temp!.path, env: lazy, ...rest }).catch(
    (error: unknown) => {
      temp?.cleanup();
      throw error;
    },
  );
  return {
    ...server,
    stop: async () => {
      await server.stop();
      temp?.cleanup();
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env);
  const output = captureOutput(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: output() };
}
