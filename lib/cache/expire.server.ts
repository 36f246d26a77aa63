import 'server-only';
import { updateTag } from 'next/cache';
import { purgeResponseCache } from './response-cache-purge';
import type { CacheTagName } from './tags';

/**
 * After an admin write: expire the tag (the writer reads its own write at once) and drop the
 * start script's copies of public pages, so the next anonymous request shows the change.
 */
export function expireAfterWrite(tag: CacheTagName): void {
  updateTag(tag);
  purgeResponseCache();
}
