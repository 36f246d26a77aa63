import 'server-only';
import type { DB } from '../db/connect.server';
import { archiveOfficer } from './archive.server';
import { officerOf, ORIGINATING_ROLES } from './profiles.server';
import type { OwnProfileInput } from './schema';
import { numberedSlug, slugFromName } from './slug';
import type { OfficerProfile } from './types';

/**
 * Profile writes. Each runs on the handle it is given and opens no transaction of its own, so an
 * action runs it and its activity log entry in one transaction. Input has passed the form's schema
 * (./schema.ts); what only the owner sets (the photo, "away") is left as stored when not given.
 * Each write records the public profile in the ad archive on the same handle (./archive.server.ts).
 */

/** Why a write did nothing. */
export type ProfileRefusal =
  /** No such account, or its role does not originate (an editor). */
  | 'not-originator'
  /** The profile to change or remove is gone. */
  | 'not-found'
  /** Another profile has the address typed. */
  | 'slug-taken'
  /** The photo chosen is not an image of the media library. */
  | 'photo-missing';

/** The profile's fields; `photoMediaId` and `away` left out keep what is stored (the officer's own form). */
export type ProfileFields = OwnProfileInput & { photoMediaId?: string | null; away?: boolean };

async function originates(db: DB, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select('id')
    .where('id', '=', accountId)
    .where('role', 'in', ORIGINATING_ROLES)
    .executeTakeFirst();
  return row !== undefined;
}

async function slugOwner(db: DB, slug: string): Promise<string | null> {
  const row = await db.selectFrom('officer_profiles').select('account_id').where('slug', '=', slug).executeTakeFirst();
  return row?.account_id ?? null;
}

/**
 * The address to store: the one typed, if no other profile has it; or, left empty, the name's,
 * numbered past those taken ('jane-doe-2'). Profile addresses are few: the loop is short.
 */
async function chooseSlug(db: DB, accountId: string, input: ProfileFields): Promise<string | 'slug-taken'> {
  if (input.slug) {
    const owner = await slugOwner(db, input.slug);
    return owner === null || owner === accountId ? input.slug : 'slug-taken';
  }
  const base = slugFromName(input.displayName);
  for (let n = 1; ; n++) {
    const candidate = numberedSlug(base, n);
    const owner = await slugOwner(db, candidate);
    if (owner === null || owner === accountId) return candidate;
  }
}

async function isImage(db: DB, mediaId: string): Promise<boolean> {
  const row = await db
    .selectFrom('media')
    .select('id')
    .where('id', '=', mediaId)
    .where('content_type', 'like', 'image/%')
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns a profile's fields are stored in, named one by one: nothing else reaches the table. */
function toColumns(input: ProfileFields, slug: string) {
  return {
    slug,
    display_name: input.displayName,
    title: input.title,
    nmls_id: input.nmlsId,
    states: JSON.stringify(input.states),
    languages: JSON.stringify(input.languages),
    phone: input.phone,
    bio: input.bio,
    published: input.published ? 1 : 0,
    ...(input.photoMediaId !== undefined ? { photo_media_id: input.photoMediaId } : {}),
    ...(input.away !== undefined ? { away: input.away ? 1 : 0 } : {}),
  };
}

/** What a save checks before it writes: the account, the address, the photo. */
async function checked(db: DB, accountId: string, input: ProfileFields): Promise<string | ProfileRefusal> {
  if (!(await originates(db, accountId))) return 'not-originator';
  if (input.photoMediaId && !(await isImage(db, input.photoMediaId))) return 'photo-missing';
  return chooseSlug(db, accountId, input);
}

/** A new profile for an account that has none (one that has one is updated instead: see `saveProfile`). */
export async function createProfile(
  db: DB,
  accountId: string,
  input: ProfileFields,
  now = new Date(),
): Promise<OfficerProfile | ProfileRefusal> {
  const slug = await checked(db, accountId, input);
  if (slug === 'not-originator' || slug === 'photo-missing' || slug === 'slug-taken') return slug;
  const stamp = now.toISOString();
  await db
    .insertInto('officer_profiles')
    .values({ account_id: accountId, ...toColumns(input, slug), created_at: stamp, updated_at: stamp })
    .execute();
  await archiveOfficer(db, accountId, now);
  return (await officerOf(db, accountId)) ?? 'not-found';
}

/** Replaces an existing profile's fields. */
export async function updateProfile(
  db: DB,
  accountId: string,
  input: ProfileFields,
  now = new Date(),
): Promise<OfficerProfile | ProfileRefusal> {
  const slug = await checked(db, accountId, input);
  if (slug === 'not-originator' || slug === 'photo-missing' || slug === 'slug-taken') return slug;
  const result = await db
    .updateTable('officer_profiles')
    .set({ ...toColumns(input, slug), updated_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 'not-found';
  await archiveOfficer(db, accountId, now);
  return (await officerOf(db, accountId)) ?? 'not-found';
}

/** Creates the account's profile or updates the one it has; `created` says which. */
export async function saveProfile(
  db: DB,
  accountId: string,
  input: ProfileFields,
  now = new Date(),
): Promise<{ profile: OfficerProfile; created: boolean } | ProfileRefusal> {
  const exists = await db
    .selectFrom('officer_profiles')
    .select('account_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const saved = exists ? await updateProfile(db, accountId, input, now) : await createProfile(db, accountId, input, now);
  return typeof saved === 'string' ? saved : { profile: saved, created: !exists };
}

/** What a removal leaves in the activity log: the public facts of the profile removed. */
export interface RemovedProfile {
  accountId: string;
  slug: string;
  displayName: string;
  nmlsId: string;
}

/** Deletes an account's profile (of any role); returns what it was, or null when there was none. */
export async function removeProfile(db: DB, accountId: string, now = new Date()): Promise<RemovedProfile | null> {
  const row = await db
    .selectFrom('officer_profiles')
    .select(['account_id', 'slug', 'display_name', 'nmls_id'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db.deleteFrom('officer_profiles').where('account_id', '=', accountId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) return null;
  await archiveOfficer(db, accountId, now);
  return { accountId: row.account_id, slug: row.slug, displayName: row.display_name, nmlsId: row.nmls_id };
}
