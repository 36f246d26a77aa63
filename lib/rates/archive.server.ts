import 'server-only';
import type { ArchivedRates } from '../archive/documents';
import { liveSince, recordArchiveBaseline, recordArchiveVersion } from '../archive/record.server';
import { SITE_WIDE } from '../archive/sources';
import type { DB } from '../db/connect.server';
import { readRates, readRatesChangedAt } from './read.server';

/**
 * What the ad archive keeps of the rates (issue 31, point 5): every rate as the pages show it, in
 * order, and the day of the last change (the rates page's 'Last updated').
 */

async function ratesDocument(db: DB): Promise<ArchivedRates> {
  const [rates, changedAt] = await Promise.all([readRates(db), readRatesChangedAt(db)]);
  return {
    changedOn: changedAt ? changedAt.slice(0, 10) : null,
    rates: rates.map(({ position: _position, updatedAt: _updatedAt, ...rate }) => rate),
  };
}

/** Called by every rate write (add, edit, delete, reorder) in its transaction, after the write. */
export function archiveRates(trx: DB, now: Date): Promise<boolean> {
  // Read once the archive's lock is held: a rate edited at the same moment is in it.
  return recordArchiveVersion(trx, 'rates', SITE_WIDE, ratesDocument, now);
}

/** The rates as the archive's first version, dated their last change. */
export async function archiveRatesBaseline(db: DB, now: Date): Promise<boolean> {
  return recordArchiveBaseline(db, 'rates', SITE_WIDE, ratesDocument, liveSince(await readRatesChangedAt(db), now));
}
