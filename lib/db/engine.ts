import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../env-schema';
import { processSingleton } from '../runtime/process-singleton';

/**
 * Which engine a database handle (or a transaction of it) talks to, for the few places SQL differs.
 * Not told by `adapter instanceof SqliteAdapter`: Next bundles its own copy of Kysely and the server
 * uses the one in node_modules, so a handle opened by one copy would fail the other's test. The
 * adapter object is shared by a handle and its transactions; `connect()` records its engine here.
 */
export type Engine = DatabaseTarget['kind'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations hold Kysely<any>
type AnyDb = Kysely<any>;

const engines = () => processSingleton('db.engines', () => new WeakMap<object, Engine>());

export function recordEngine(db: AnyDb, engine: Engine): void {
  engines().set(db.getExecutor().adapter, engine);
}

export function engineOf(db: AnyDb): Engine {
  const engine = engines().get(db.getExecutor().adapter);
  if (!engine) throw new Error('A database handle not opened by lib/db/connect.server.ts');
  return engine;
}
