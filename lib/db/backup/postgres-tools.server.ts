import 'server-only';
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { BackupError } from './errors';
import { postgresEnvironment } from './postgres-connection';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore, psql), started with the connection of
 * DATABASE_URL in their environment. They never ask for a password (a backup runs from cron, with
 * no one to type it) and give up on a server that does not answer within 10 seconds.
 */

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql';

export interface RunningTool {
  child: ChildProcess;
  /** What it writes to standard output (unless `stdout: 'ignore'`). */
  output: Readable;
  /** Resolves when the program exited with 0; rejects with a BackupError carrying its message. */
  done: Promise<void>;
}

export function startTool(
  tool: PostgresTool,
  args: string[],
  options: { databaseUrl?: string; stdin?: 'pipe'; stdout?: 'ignore' } = {},
): RunningTool {
  const { databaseUrl } = options;
  const env = {
    ...process.env,
    PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? '10',
    ...(databaseUrl ? postgresEnvironment(databaseUrl) : {}),
  };
  const child = spawn(tool, ['--no-password', ...args], {
    env,
    stdio: [options.stdin ?? 'ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  // Read from the start: when a program exits, Node drops whatever of its output nobody is reading
  // yet, and a small dump can be complete before its reader is ready (the key takes a moment).
  const output = child.stdout ? child.stdout.pipe(new PassThrough()) : new PassThrough().end();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found. Install PostgreSQL's client programs (pg_dump, pg_restore, psql) of the server's major version or newer, e.g. apt-get install postgresql-client.`,
            )
          : error,
      ),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (${signal ?? `exit code ${String(code)}`}): ${stderr.trim() || 'no message'}`));
    });
  });
  // Whoever awaits `done` sees the failure; nobody may be awaiting it yet.
  done.catch(() => undefined);
  return { child, output, done };
}
