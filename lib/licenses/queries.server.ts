import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import type { DB } from '../db/connect.server';
import { getDb } from '../db/index.server';
import type { StateLicensesTable } from '../db/schema';
import type { License } from './types';
import { isStateCode, toStateCode, type StateCode } from './us-states';

const columns = [
  'id',
  'state',
  'license_type',
  'license_number',
  'regulator_name',
  'regulator_url',
  'notice',
  'created_at',
  'updated_at',
] as const;

type Row = Pick<StateLicensesTable, Exclude<(typeof columns)[number], 'notice'>> & { notice: string };

function toLicense(row: Row): License {
  return {
    id: row.id,
    state: row.state as StateCode,
    type: row.license_type,
    number: row.license_number,
    regulatorName: row.regulator_name,
    regulatorUrl: row.regulator_url,
    notice: row.notice,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The licenses held (removed ones left out), by state code, then as they were added. A row whose
 * state is not in today's list (written by hand) is left out rather than shown wrongly.
 */
export async function listLicenses(db: DB): Promise<License[]> {
  const rows = await db
    .selectFrom('state_licenses')
    .select(columns)
    .where('removed_at', 'is', null)
    .orderBy('state')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((row) => isStateCode(row.state)).map(toLicense);
}

/** One held license by id; null when there is none or it was removed. */
export async function findLicense(db: DB, id: string): Promise<License | null> {
  const row = await db
    .selectFrom('state_licenses')
    .select(columns)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row && isStateCode(row.state) ? toLicense(row) : null;
}

/** The states with at least one license held, in code order, each once. */
export async function licensedStates(db: DB): Promise<StateCode[]> {
  const rows = await db
    .selectFrom('state_licenses')
    .select('state')
    .distinct()
    .where('removed_at', 'is', null)
    .orderBy('state')
    .execute();
  return rows.map((row) => row.state).filter(isStateCode);
}

/**
 * Whether the broker holds a license (or an exempt registration) in `state`, given as a code in
 * any case ('tx'). Routing asks this of every new lead, inside the lead's own transaction where
 * it has one; anything that is no state's code is outside the licenses.
 */
export async function isLicensedIn(db: DB, state: string): Promise<boolean> {
  const code = toStateCode(state);
  if (!code) return false;
  const row = await db
    .selectFrom('state_licenses')
    .select('id')
    .where('state', '=', code)
    .where('removed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The licenses as the public pages see them: cached until a license is added, edited or removed. */
export async function getLicenses(): Promise<License[]> {
  'use cache';
  cacheTag(CacheTag.licenses);
  cacheLife('max');
  return listLicenses(await getDb());
}
