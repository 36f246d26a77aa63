/**
 * State that must exist once per process. Next bundles `lib/` once per server layer (pages and
 * Server Actions, route handlers, instrumentation) and the server (server/) bundles it once more, so
 * a module-level variable would exist several times over: two SQLite connections stalling each
 * other, two outbox workers, a micro-cache purged by one copy and read by another. Everything of
 * that kind lives here, on globalThis under one symbol, created by whichever copy asks first.
 */

const HOME = Symbol.for('construction-loan-pros.process');
type Home = Map<string, unknown>;

function home(): Home {
  const holder = globalThis as { [HOME]?: Home };
  return (holder[HOME] ??= new Map());
}

/** The process's one value under `name`, made by `create` the first time it is asked for. */
export function processSingleton<T>(name: string, create: () => T): T {
  const values = home();
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/** The value under `name` if one was made, without making it. */
export function existingProcessSingleton<T>(name: string): T | undefined {
  return home().get(name) as T | undefined;
}

/** Forgets a value (a database handle that failed to open is tried again on the next call). */
export function forgetProcessSingleton(name: string): void {
  home().delete(name);
}
