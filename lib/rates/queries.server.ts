import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb, type DB } from '../db/index.server';
import { MetaKey } from '../db/meta-keys';
import type { RatesTable } from '../db/schema';
import type { Rate } from './types';

const columns = ['id', 'type', 'icon', 'rate', 'apr', 'rate_kind', 'term', 'notes', 'position', 'updated_at'] as const;

function toRate(row: Pick<RatesTable, (typeof columns)[number]>): Rate {
  return {
    id: row.id,
    type: row.type,
    icon: row.icon as Rate['icon'],
    rate: row.rate,
    apr: row.apr,
    rateKind: row.rate_kind === 'adjustable' ? 'adjustable' : 'fixed',
    term: row.term,
    notes: row.notes,
    position: row.position,
    updatedAt: row.updated_at,
  };
}

/** Every rate in display order. */
export async function readRates(db: DB): Promise<Rate[]> {
  const rows = await db.selectFrom('rates').select(columns).orderBy('position').orderBy('id').execute();
  return rows.map(toRate);
}

/** When the rates last changed (the rates page's 'Last updated'), as an ISO time. */
export async function readRatesChangedAt(db: DB): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.ratesChangedAt).executeTakeFirst();
  return row?.value ?? null;
}

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
