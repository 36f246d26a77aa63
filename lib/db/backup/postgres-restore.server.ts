import 'server-only';
import { once } from 'node:events';
import { sql } from 'kysely';
import { connect } from '../connect.server';
import { BackupError } from './errors';
import { startTool } from './postgres-tools.server';

/**
 * Restores a pg_dump archive into DATABASE_URL's database, all or nothing: pg_restore turns the
 * archive into SQL (`--clean --if-exists`: drop what it creates first; `--no-owner
 * --no-privileges`: the roles of the machine it was made on need not exist here) and psql runs
 * that SQL in one transaction, which is committed only once pg_restore has read the whole archive
 * without an error. A damaged archive, a failed statement or a killed process leaves the database
 * as it was.
 *
 * The tables the archive does not have are dropped in the same transaction: tables a newer release
 * added would otherwise stay, and its migrations, run again after the restore, would fail on them.
 */

export async function restorePostgres(archive: string, databaseUrl: string): Promise<void> {
  const tables = await currentTables(databaseUrl);
  const psql = startTool('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'], {
    databaseUrl,
    stdin: 'pipe',
    stdout: 'ignore',
  });
  const pgRestore = startTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file=-', archive]);
  const input = psql.child.stdin!;
  // psql stops at the first failed statement; its own exit says why, and pg_restore has to stop too.
  input.on('error', () => undefined);
  psql.done.catch(() => pgRestore.child.kill());

  input.write(`BEGIN;\n${tables.length ? `DROP TABLE IF EXISTS ${tables.join(', ')} CASCADE;\n` : ''}`);
  // Listening before the pipe starts: a small archive can be read through at once.
  const piped = once(pgRestore.output, 'end');
  piped.catch(() => undefined);
  pgRestore.output.pipe(input, { end: false });
  const [restored] = await Promise.allSettled([pgRestore.done]);
  // pg_restore's exit is not the end of its SQL: what psql's stdin had not taken yet still waits
  // in the pipe. A COMMIT written before it would commit half a restore (the drops and the first
  // tables) and the rest would be written after the end, and lost. So wait for the pipe's end too,
  // unless psql has stopped reading (it failed; its exit says why below).
  if (restored.status === 'fulfilled') await Promise.race([piped, psql.done]).catch(() => undefined);
  // Without the COMMIT, psql reaches the end of its input inside the transaction, and PostgreSQL
  // rolls it back when the session ends.
  input.end(restored.status === 'fulfilled' ? 'COMMIT;\n' : '');
  await psql.done;
  if (restored.status === 'rejected') throw restored.reason;
}

/**
 * The tables of the database's schema, quoted for SQL. Refuses a database that other sessions use
 * (the site must be stopped) and one that has tables but is not a database of this site (a wrong
 * DATABASE_URL must not lose another application's tables).
 */
async function currentTables(databaseUrl: string): Promise<string[]> {
  const db = connect({ kind: 'postgres', url: databaseUrl });
  try {
    const others = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(db);
    const sessions = others.rows[0]?.n ?? 0;
    if (sessions > 0)
      throw new BackupError(
        `DATABASE_URL's database is in use (${sessions} other session${sessions === 1 ? '' : 's'}): stop the site (every instance) before restoring, then start it again afterwards.`,
      );
    const { rows } = await sql<{ schema: string; name: string }>`
      select schemaname as schema, tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
    if (rows.length > 0 && !rows.some((row) => row.name === 'kysely_migration'))
      throw new BackupError(
        "DATABASE_URL's database has tables but is not a database of this site (it has no kysely_migration table): restore into this site's database or an empty one.",
      );
    const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
    return rows.map((row) => `${quote(row.schema)}.${quote(row.name)}`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot connect to DATABASE_URL's database: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await db.destroy();
  }
}
