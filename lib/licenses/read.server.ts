import 'server-only';
import type { DB } from '../db/connect.server';
import type { StateLicensesTable } from '../db/schema';
import type { License } from './types';
import { isStateCode, type StateCode } from './us-states';

/**
 * The licenses' plain reads, without Next's cache: what the cached read (./queries.server.ts)
 * wraps, and what code outside Next (the server's start-up, the ad archive) reads.
 */

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
