import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import type { RatesTable } from '../db/schema';
import type { Rate } from './types';

/**
 * The rates' plain reads, without Next's cache: what the cached reads (./queries.server.ts) wrap,
 * and what code outside Next (the server's start-up, the ad archive) reads.
 */

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
