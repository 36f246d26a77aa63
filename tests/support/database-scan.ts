import { sql } from 'kysely';
import type { DB } from '../../lib/db/connect.server';
import { engineOf } from '../../lib/db/engine';

/**
 * Every place a database holds a value, found by introspecting its schema rather than trusting
 * the list of tables the code knows: on SQLite every table of sqlite_master (the FTS5 index's
 * shadow tables included), on PostgreSQL every base table of the schema. Text is searched as
 * text, BLOB/bytea values by their bytes (as Latin-1 and as UTF-8).
 */

export interface Hit {
  table: string;
  column: string;
}

async function tableNames(db: DB): Promise<string[]> {
  if (engineOf(db) === 'sqlite') {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.rows.map((r) => r.name);
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    return [bytes.toString('latin1'), bytes.toString('utf8')];
  }
  if (value && typeof value === 'object') return [JSON.stringify(value)];
  return [];
}

/** The tables and columns whose values `matches`, with how many tables were read. */
export async function scanDatabase(db: DB, matches: (text: string) => boolean): Promise<{ hits: Hit[]; tables: string[] }> {
  const hits: Hit[] = [];
  const tables = await tableNames(db);
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows)
      for (const [column, value] of Object.entries(row)) if (texts(value).some(matches)) hits.push({ table, column });
  }
  return { hits, tables };
}
