import type BetterSqlite3 from 'better-sqlite3';

/**
 * Prepared statements kept per SQL text, for one SQLite connection. Kysely's SQLite driver
 * prepares every query anew, and preparing costs about as much as running a small statement: a
 * stored lead runs a dozen statements, and preparing them was a tenth of its time in SQLite
 * (issue 32, leads per second). SQLite prepares again by itself when the schema changes, so a kept
 * statement never runs against an old schema.
 *
 * A statement still being read (a streamed export mid-way) cannot run a second query, so the cache
 * hands out a fresh one then. The least recently used statement goes when the cache is full:
 * multi-row inserts have one text per row count, and a handful of texts cover nearly every query.
 */
export function statementCache(
  prepare: (sql: string) => BetterSqlite3.Statement,
  capacity = 500,
): (sql: string) => BetterSqlite3.Statement {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return (sql) => {
    const statement = kept.get(sql);
    if (statement && !statement.busy) {
      // Most recently used last: a Map keeps insertion order.
      kept.delete(sql);
      kept.set(sql, statement);
      return statement;
    }
    const fresh = prepare(sql);
    if (!statement) {
      kept.set(sql, fresh);
      if (kept.size > capacity) kept.delete(kept.keys().next().value!);
    }
    return fresh;
  };
}
