import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDatabasePath } from '../../tests/support/temp-path';
import { statementCache } from './statement-cache';

describe('statementCache', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  function open() {
    const { path, cleanup } = tempDatabasePath();
    const sqlite = new BetterSqlite3(path);
    cleanups.push(() => {
      sqlite.close();
      cleanup();
    });
    sqlite.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
    let prepared = 0;
    const prepare = (sql: string) => {
      prepared += 1;
      return sqlite.prepare(sql);
    };
    return { sqlite, prepare, prepared: () => prepared };
  }

  it('prepares a text once and runs it again with new parameters', () => {
    const { prepare, prepared } = open();
    const cached = statementCache(prepare);
    const byId = 'select name from t where id = ?';
    expect(cached(byId).get(1)).toEqual({ name: 'a' });
    expect(cached(byId).get(3)).toEqual({ name: 'c' });
    expect(cached(byId)).toBe(cached(byId));
    expect(prepared()).toBe(1);
  });

  it('hands out a fresh statement while the kept one is still being read', () => {
    const { prepare } = open();
    const cached = statementCache(prepare);
    const all = 'select name from t order by id';
    const reading = cached(all).iterate() as IterableIterator<{ name: string }>;
    expect(reading.next().value).toEqual({ name: 'a' });
    // A streamed read mid-way (an export) and a second query of the same text.
    expect(cached(all).all()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect([...reading]).toEqual([{ name: 'b' }, { name: 'c' }]);
  });

  it('keeps the most recently used texts up to its capacity', () => {
    const { prepare, prepared } = open();
    const cached = statementCache(prepare, 2);
    const texts = ['select 1', 'select 2', 'select 3'];
    cached(texts[0]!);
    cached(texts[1]!);
    cached(texts[0]!); // used again: texts[1] is now the oldest
    cached(texts[2]!);
    expect(prepared()).toBe(3);
    cached(texts[0]!);
    expect(prepared()).toBe(3);
    cached(texts[1]!);
    expect(prepared()).toBe(4);
  });

  it('runs a kept statement against the schema as it is now', () => {
    const { sqlite, prepare } = open();
    const cached = statementCache(prepare);
    const all = 'select * from t where id = 1';
    expect(cached(all).get()).toEqual({ id: 1, name: 'a' });
    sqlite.exec("alter table t add column kind text not null default 'lead'");
    expect(cached(all).get()).toEqual({ id: 1, name: 'a', kind: 'lead' });
  });
});
