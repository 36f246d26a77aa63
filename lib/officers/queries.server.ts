import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { listPublishedOfficers, officerBySlug } from './profiles.server';
import type { OfficerProfile } from './types';

/**
 * The profiles as the public pages read them, cached until a profile or a role changes (the
 * `officers` tag). The plain reads, for any handle or transaction, are in ./profiles.server.ts
 * (re-exported here).
 */

export {
  listOriginators,
  listPublishedOfficers,
  officerBySlug,
  officerForSlug,
  officerOf,
  officersLicensedIn,
  ORIGINATING_ROLES,
  signingOfficerOf,
} from './profiles.server';

/** The published profiles as the public pages see them: cached until a profile or a role changes. */
export async function getPublishedOfficers(): Promise<OfficerProfile[]> {
  'use cache';
  cacheTag(CacheTag.officers);
  cacheLife('max');
  return listPublishedOfficers(await getDb());
}

/** One published profile as /team/<slug> sees it, cached like the list. */
export async function getOfficerBySlug(slug: string): Promise<OfficerProfile | null> {
  'use cache';
  cacheTag(CacheTag.officers);
  cacheLife('max');
  return officerBySlug(await getDb(), slug);
}
