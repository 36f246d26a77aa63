import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { findLicense, listLicenses } from './read.server';
import type { License } from './types';

// The plain reads live apart (./read.server.ts, ./held-states.server.ts): code outside Next reaches
// them, and next/cache does not resolve from the server bundle's ES modules.
export { findLicense, listLicenses };
export { isLicensedIn, licensedStates } from './held-states.server';

/** The licenses as the public pages see them: cached until a license is added, edited or removed. */
export async function getLicenses(): Promise<License[]> {
  'use cache';
  cacheTag(CacheTag.licenses);
  cacheLife('max');
  return listLicenses(await getDb());
}
