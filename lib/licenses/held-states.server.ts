import 'server-only';
import type { DB } from '../db/connect.server';
import { isStateCode, toStateCode, type StateCode } from './us-states';

/**
 * Which states the broker holds a license in, read from any handle or transaction. Apart from
 * ./queries.server.ts (which re-exports them) because routing by state reads them on the lead
 * endpoint's path, which the server bundles itself: there `next/cache`, which the cached reads of
 * the public pages import, does not resolve.
 */

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
