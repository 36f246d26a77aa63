import { processSingleton } from '../runtime/process-singleton';
import type { CacheTagName } from './tags';

/**
 * Who must hear that cache tags expired, besides Next: the server's micro-cache of public pages
 * (server/pipeline/micro-cache.ts). Kept per process (lib/runtime/process-singleton.ts) because the
 * server registers its listener from its own copy of this module and Server Actions announce from
 * Next's copies.
 */
type Listener = (tags: readonly CacheTagName[]) => void;

const listeners = () => processSingleton('cache.expiryListeners', () => new Set<Listener>());

export function onTagsExpired(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

export function announceTagsExpired(tags: readonly CacheTagName[]): void {
  for (const listener of listeners()) listener(tags);
}
