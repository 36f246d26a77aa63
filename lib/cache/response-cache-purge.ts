/**
 * The start script keeps a one-second cache of anonymous page views in front of Next
 * (scripts/response-cache.ts). The Next bundle and the start script load this module separately,
 * so the purge function is handed over through a process-wide symbol.
 */
const PURGE = Symbol.for('construction-loan-pros.response-cache.purge');

type Holder = { [PURGE]?: () => void };

export function registerResponseCachePurge(purge: () => void): void {
  (globalThis as Holder)[PURGE] = purge;
}

export function purgeResponseCache(): void {
  (globalThis as Holder)[PURGE]?.();
}
