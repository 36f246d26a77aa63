import 'server-only';
import type { Readable } from 'node:stream';
import { startTool } from './postgres-tools.server';

/**
 * A PostgreSQL backup: pg_dump's custom format, which pg_restore reads. pg_dump reads one snapshot
 * of the database (a repeatable-read transaction), so the site keeps writing and the dump is still
 * one moment of it.
 */

/** Runs pg_dump on `databaseUrl` and hands its output to `write` (a file, or the encryption). */
export async function dumpPostgres(databaseUrl: string, write: (dump: Readable) => Promise<void>): Promise<void> {
  const pgDump = startTool('pg_dump', ['--format=custom'], { databaseUrl });
  const [dumped, wrote] = await Promise.allSettled([
    pgDump.done,
    // A write that fails (a full disk) stops pg_dump, which would otherwise wait on it for ever.
    write(pgDump.output).catch((error: unknown) => {
      pgDump.child.kill();
      throw error;
    }),
  ]);
  // pg_dump's own failure explains a write that ended early; a write's failure explains the kill.
  if (dumped.status === 'rejected' && !pgDump.child.killed) throw dumped.reason;
  if (wrote.status === 'rejected') throw wrote.reason;
  if (dumped.status === 'rejected') throw dumped.reason;
}
