import 'server-only';
import type { ArchivedLicense } from '../archive/documents';
import { liveSince, recordArchiveBaseline, recordArchiveVersion } from '../archive/record.server';
import { SITE_WIDE } from '../archive/sources';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import { listLicenses } from './read.server';

/**
 * What the ad archive keeps of the licenses (issue 31, point 5): the licenses held, as the
 * licenses page lists them. A removal keeps its row too (`removed_at`), but an edit overwrites
 * one: the archive is what tells what the page said on a given day.
 */

async function licensesDocument(db: DB): Promise<ArchivedLicense[]> {
  return (await listLicenses(db)).map(({ createdAt: _createdAt, updatedAt: _updatedAt, ...license }) => license);
}

/** Called by every license write (add, edit, remove), on the write's transaction, after the write. */
export function archiveLicenses(trx: DB, now: Date): Promise<boolean> {
  return recordArchiveVersion(trx, 'licenses', SITE_WIDE, licensesDocument, now);
}

/** The licenses held as the archive's first version, dated their last change (or the site's first start). */
export async function archiveLicensesBaseline(db: DB, now: Date): Promise<boolean> {
  const [changed, seeded] = await Promise.all([
    db
      .selectFrom('state_licenses')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst(),
    db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.seededAt).executeTakeFirst(),
  ]);
  const since = liveSince(changed?.at ?? seeded?.value, now);
  return recordArchiveBaseline(db, 'licenses', SITE_WIDE, licensesDocument, since);
}
