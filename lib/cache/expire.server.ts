import 'server-only';
import { updateTag } from 'next/cache';
import { announceTagsExpired } from './expiry-listeners';
import type { CacheTagName } from './tags';

/**
 * After an admin write: expire the tag (the writer reads its own write at once) and tell the
 * server to drop its copies of public pages, so the next anonymous request shows the change.
 */
export function expireAfterWrite(tag: CacheTagName): void {
  updateTag(tag);
  announceTagsExpired([tag]);
}
