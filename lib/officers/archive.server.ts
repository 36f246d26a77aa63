import 'server-only';
import type { ArchivedOfficer } from '../archive/documents';
import { liveSince, recordArchiveBaseline, recordArchiveVersion } from '../archive/record.server';
import type { DB } from '../db/connect.server';
import { officerOf } from './profiles.server';

/**
 * What the ad archive keeps of a loan officer (issue 31, point 5): the profile as the team pages
 * show it, one source per account, and null while it is unpublished or once it is removed. Read
 * with the plain reads (./profiles.server.ts), never the cached ones: the server bundles the
 * archive's start-up, where `next/cache` does not resolve.
 */

async function officerDocument(db: DB, accountId: string): Promise<ArchivedOfficer | null> {
  const profile = await officerOf(db, accountId);
  if (!profile?.published) return null;
  const {
    accountId: _accountId,
    published: _published,
    away: _away,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...shown
  } = profile;
  return shown;
}

/** Called by every profile write (create, edit, remove) in its transaction, after the write. */
export function archiveOfficer(trx: DB, accountId: string, now: Date): Promise<boolean> {
  return recordArchiveVersion(trx, 'officers', accountId, (handle) => officerDocument(handle, accountId), now);
}

/** Every published profile without a version yet (an earlier release's), dated its last change. */
export async function archiveOfficersBaseline(db: DB, now: Date): Promise<number> {
  const profiles = await db
    .selectFrom('officer_profiles')
    .select(['account_id', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('account_id')
    .execute();
  let recorded = 0;
  for (const profile of profiles)
    if (
      await recordArchiveBaseline(
        db,
        'officers',
        profile.account_id,
        (trx) => officerDocument(trx, profile.account_id),
        liveSince(profile.updated_at, now),
      )
    )
      recorded += 1;
  return recorded;
}
