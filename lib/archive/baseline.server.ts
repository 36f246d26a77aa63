import 'server-only';
import { archiveContentBaseline } from '../content/archive.server';
import type { DB } from '../db/connect.server';
import { archiveLicensesBaseline } from '../licenses/archive.server';
import { archiveOfficersBaseline } from '../officers/archive.server';
import { archivePostsBaseline } from '../posts/archive.server';
import { archiveRatesBaseline } from '../rates/archive.server';

/**
 * Gives every source without a version its first one: the state the site shows now, dated when it
 * went live (the content's last save, the rates' last change, each post's and each published profile's). Run once the database
 * is ready (lib/setup/prepare.server.ts), before the site takes visitors: a new site's defaults
 * and a database from an earlier release are archived before their first change. Sources with a
 * version are left alone, so it costs a few reads at each start.
 */
export async function recordArchiveBaselines(db: DB, now = new Date()): Promise<number> {
  let recorded = 0;
  if (await archiveContentBaseline(db, now)) recorded += 1;
  if (await archiveRatesBaseline(db, now)) recorded += 1;
  if (await archiveLicensesBaseline(db, now)) recorded += 1;
  recorded += await archivePostsBaseline(db, now);
  recorded += await archiveOfficersBaseline(db, now);
  return recorded;
}
