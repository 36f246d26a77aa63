import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { archiveLicenses } from './archive.server';
import { findLicense } from './queries.server';
import type { LicenseInput } from './schema';
import type { License } from './types';

/**
 * License writes. Each runs on the handle it is given and opens no transaction of its own, so an
 * action runs it and its activity log entry in one transaction: the log never tells of a change
 * that did not happen, nor misses one that did. Input has passed `licenseInputSchema`. A removal
 * keeps the row (`removed_at`), and each write records the licenses held in the ad archive
 * (./archive.server.ts) on the same handle, so the version commits with the write.
 */

/** Why a write did nothing. */
export type LicenseRefusal = 'not-found' | 'duplicate';

/** The columns a license's fields are stored in, named one by one: nothing else reaches the table. */
function toColumns(input: LicenseInput) {
  return {
    state: input.state,
    license_type: input.type,
    license_number: input.number,
    regulator_name: input.regulatorName,
    regulator_url: input.regulatorUrl,
    notice: input.notice,
  };
}

/** Whether another held license has the same state, type and number (a double submit, a copy). */
async function isDuplicate(db: DB, input: LicenseInput, except: string | null): Promise<boolean> {
  let query = db
    .selectFrom('state_licenses')
    .select('id')
    .where('state', '=', input.state)
    .where('license_type', '=', input.type)
    .where('license_number', '=', input.number)
    .where('removed_at', 'is', null);
  if (except) query = query.where('id', '!=', except);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function addLicense(db: DB, input: LicenseInput, now = new Date()): Promise<License | 'duplicate'> {
  if (await isDuplicate(db, input, null)) return 'duplicate';
  const stamp = now.toISOString();
  const id = newId(now.getTime());
  await db
    .insertInto('state_licenses')
    .values({ id, ...toColumns(input), created_at: stamp, updated_at: stamp, removed_at: null })
    .execute();
  await archiveLicenses(db, now);
  return (await findLicense(db, id))!;
}

/** Replaces a held license's fields; a removed one is not brought back by an edit. */
export async function updateLicense(
  db: DB,
  id: string,
  input: LicenseInput,
  now = new Date(),
): Promise<License | LicenseRefusal> {
  if (!(await findLicense(db, id))) return 'not-found';
  if (await isDuplicate(db, input, id)) return 'duplicate';
  await db
    .updateTable('state_licenses')
    .set({ ...toColumns(input), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .execute();
  await archiveLicenses(db, now);
  return (await findLicense(db, id)) ?? 'not-found';
}

/** Marks a held license removed; returns it as it was, or null when there was none to remove. */
export async function removeLicense(db: DB, id: string, now = new Date()): Promise<License | null> {
  const license = await findLicense(db, id);
  if (!license) return null;
  const stamp = now.toISOString();
  const result = await db
    .updateTable('state_licenses')
    .set({ removed_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  await archiveLicenses(db, now);
  return license;
}
