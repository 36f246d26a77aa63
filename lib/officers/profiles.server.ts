import 'server-only';
import { can, ROLES } from '../auth/roles';
import type { DB } from '../db/connect.server';
import { isStateCode, type StateCode } from '../licenses/us-states';
import { mediaUrl, type MediaContentType } from '../media/sniff';
import { isOfficerSlug } from './slug';
import type { OfficerProfile, OriginatorAccount, SigningOfficer } from './types';

/** Routing's read, written apart (./licensed-in.server.ts), with the others here. */
export { officersLicensedIn } from './licensed-in.server';

/**
 * Reads of loan officer profiles, from any handle or transaction, free of Next's cache APIs: the
 * lead endpoint's path (which the server bundles itself, where `next/cache` does not resolve)
 * reads them to assign a lead and sign its e-mails; ./queries.server.ts wraps them for the public
 * pages. A profile counts only while its account exists and its role originates (the owner and
 * loan officers: the roles that work leads): an account made an editor keeps its row, which no
 * page, routing or message reads until the role comes back.
 */

/** The roles that originate loans, and so may have a profile. */
export const ORIGINATING_ROLES = ROLES.filter((role) => can(role, 'leads'));

const columns = [
  'officer_profiles.account_id',
  'officer_profiles.slug',
  'officer_profiles.display_name',
  'officer_profiles.title',
  'officer_profiles.nmls_id',
  'officer_profiles.states',
  'officer_profiles.languages',
  'officer_profiles.phone',
  'officer_profiles.bio',
  'officer_profiles.photo_media_id',
  'officer_profiles.published',
  'officer_profiles.away',
  'officer_profiles.created_at',
  'officer_profiles.updated_at',
  'media.content_type as photo_type',
] as const;

/** The profiles of accounts that originate, with their photo's type for its address. */
function profiles(db: DB) {
  return db
    .selectFrom('officer_profiles')
    .innerJoin('admin_users', 'admin_users.id', 'officer_profiles.account_id')
    .leftJoin('media', 'media.id', 'officer_profiles.photo_media_id')
    .where('admin_users.role', 'in', ORIGINATING_ROLES)
    .select(columns);
}

type Row = Awaited<ReturnType<ReturnType<typeof profiles>['executeTakeFirstOrThrow']>>;

/** A JSON array of strings as stored; anything else (a row written by hand) reads as none. */
function stringList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const statesOf = (json: string): StateCode[] => stringList(json).filter(isStateCode).sort();

function toProfile(row: Row): OfficerProfile {
  return {
    accountId: row.account_id,
    slug: row.slug,
    displayName: row.display_name,
    title: row.title,
    nmlsId: row.nmls_id,
    states: statesOf(row.states),
    languages: stringList(row.languages),
    phone: row.phone,
    bio: row.bio,
    photo:
      row.photo_media_id && row.photo_type?.startsWith('image/')
        ? { id: row.photo_media_id, url: mediaUrl(row.photo_media_id, row.photo_type as MediaContentType) }
        : null,
    published: Number(row.published) === 1,
    away: Number(row.away) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The published profiles, as /team lists them: by name, then account. */
export async function listPublishedOfficers(db: DB): Promise<OfficerProfile[]> {
  const rows = await profiles(db)
    .where('officer_profiles.published', '=', 1)
    .orderBy('officer_profiles.display_name')
    .orderBy('officer_profiles.account_id')
    .execute();
  return rows.map(toProfile);
}

/** A published profile by its address, or null: what /team/<slug> shows. */
export async function officerBySlug(db: DB, slug: string): Promise<OfficerProfile | null> {
  if (!isOfficerSlug(slug)) return null;
  const row = await profiles(db)
    .where('officer_profiles.slug', '=', slug)
    .where('officer_profiles.published', '=', 1)
    .executeTakeFirst();
  return row ? toProfile(row) : null;
}

/** An account's profile, published or not; null when it has none or no longer originates. */
export async function officerOf(db: DB, accountId: string): Promise<OfficerProfile | null> {
  const row = await profiles(db).where('officer_profiles.account_id', '=', accountId).executeTakeFirst();
  return row ? toProfile(row) : null;
}

/**
 * The account a lead sent from a profile's own links goes to (the forms' hidden `officer`): the
 * published profile with that slug, or null (no such profile, unpublished, or not a slug at all).
 */
export async function officerForSlug(db: DB, slug: string): Promise<string | null> {
  return (await officerBySlug(db, slug))?.accountId ?? null;
}

/**
 * Who a message about a lead or a loan file is signed by: its assigned officer's name, title, NMLS
 * ID and phone when that account has a profile; null otherwise (the company alone signs).
 */
export async function signingOfficerOf(db: DB, accountId: string | null | undefined): Promise<SigningOfficer | null> {
  if (!accountId) return null;
  const profile = await officerOf(db, accountId);
  return profile
    ? { displayName: profile.displayName, nmlsId: profile.nmlsId, title: profile.title, phone: profile.phone }
    : null;
}

/** The accounts that originate, each with its profile if any: the owner first, then by joining. */
export async function listOriginators(db: DB): Promise<OriginatorAccount[]> {
  const [accounts, rows] = await Promise.all([
    db
      .selectFrom('admin_users')
      .select(['id', 'name', 'email', 'role'])
      .where('role', 'in', ORIGINATING_ROLES)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    profiles(db).execute(),
  ]);
  const byAccount = new Map(rows.map((row) => [row.account_id, toProfile(row)]));
  return accounts.map((account) => ({
    accountId: account.id,
    label: account.name || account.email || 'Owner',
    role: account.role === 'owner' ? 'owner' : 'loan_officer',
    profile: byAccount.get(account.id) ?? null,
  }));
}
