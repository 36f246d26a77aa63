import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { readRates, readRatesChangedAt } from './read.server';
import type { Rate } from './types';

export { readRates, readRatesChangedAt };

/** The rates as public pages see them: cached until a write expires the rates tag. */
export async function getRates(): Promise<Rate[]> {
  'use cache';
  cacheTag(CacheTag.rates);
  cacheLife('max');
  return readRates(await getDb());
}

export async function getRatesChangedAt(): Promise<string | null> {
  'use cache';
  cacheTag(CacheTag.rates);
  cacheLife('max');
  return readRatesChangedAt(await getDb());
}
