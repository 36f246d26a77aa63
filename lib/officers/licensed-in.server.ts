import 'server-only';
import { can, ROLES } from '../auth/roles';
import type { DB } from '../db/connect.server';
import { isStateCode, toStateCode } from '../licenses/us-states';
import type { LicensedOfficer } from './types';

/**
 * The officers routing by state may choose, apart from ./queries.server.ts: routing reads them in
 * the lead's own transaction on the lead endpoint's path, which the server bundles itself, and
 * there `next/cache` (which the cached reads of /team import) does not resolve.
 */

/** The roles that work leads: the owner and loan officers. */
const TAKING_LEADS = ROLES.filter((role) => can(role, 'leads'));

/**
 * The officers routing by state may give a lead from `state` (a code in any case): those whose
 * account still works leads, whose profile lists the state and who are not away, published or
 * not (publishing is about the public page; taking leads needs the license and the NMLS ID the
 * profile holds). Ordered by account id, the round-robin's order. None for anything that is no
 * state's code.
 */
export async function officersLicensedIn(db: DB, state: string): Promise<LicensedOfficer[]> {
  const code = toStateCode(state);
  if (!code) return [];
  const rows = await db
    .selectFrom('officer_profiles')
    .innerJoin('admin_users', 'admin_users.id', 'officer_profiles.account_id')
    .select([
      'officer_profiles.account_id',
      'officer_profiles.display_name',
      'officer_profiles.nmls_id',
      'officer_profiles.states',
    ])
    .where('admin_users.role', 'in', TAKING_LEADS)
    .where('officer_profiles.away', '=', 0)
    // The JSON array holds quoted codes: the pattern narrows, the parse below decides.
    .where('officer_profiles.states', 'like', `%"${code}"%`)
    .orderBy('officer_profiles.account_id')
    .execute();
  return rows
    .filter((row) => listsState(row.states, code))
    .map((row) => ({ accountId: row.account_id, displayName: row.display_name, nmlsId: row.nmls_id }));
}

/** Whether a stored JSON array of codes holds `code`; anything else (a row written by hand) holds none. */
function listsState(json: string, code: string): boolean {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.some((item) => isStateCode(item) && item === code);
  } catch {
    return false;
  }
}
