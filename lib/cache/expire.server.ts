import 'server-only';
import { updateTag } from 'next/cache';
import { headers } from 'next/headers';
import { getDb } from '../db/index.server';
import { logger } from '../log.server';
import { countCacheInvalidations } from '../metrics/registry';
import { inFlightRequests } from '../runtime/in-flight-requests';
import { requestIdOf } from '../http/server-call';
import { announceTagsExpired } from './expiry-listeners';
import { recordTagExpiry } from './tag-versions.server';
import type { CacheTagName } from './tags';

/**
 * After an admin write, in its Server Action (ADR 014):
 *
 * 1. expire the tags here (the writer reads its own write at once) and drop the server's
 *    micro-cached pages;
 * 2. record the expiry in the database, which tells every other instance (server/cache-sync.ts);
 * 3. wait until every request that was in flight here has finished (a render that read the old
 *    data may store its page after step 1), then expire again, so when the owner sees "saved" no
 *    copy of the old page is left in this instance.
 */
export async function expireAfterWrite(tags: readonly CacheTagName[]): Promise<void> {
  if (tags.length === 0) return;
  countCacheInvalidations(tags.length);
  const expireHere = () => {
    for (const tag of tags) updateTag(tag);
    announceTagsExpired(tags);
  };
  expireHere();
  try {
    await recordTagExpiry(await getDb(), tags);
  } catch (error) {
    // The write itself is saved and live here; only the other instances wait for their next check.
    logger.error({ event: 'cache.expiry_not_recorded', tags, err: error }, 'A cache expiry could not be shared');
  }
  await inFlightRequests().settled(requestIdOf(await headers()));
  expireHere();
}
