import 'server-only';
import type { DB } from '../../db/connect.server';
import { MetaKey } from '../../db/meta-keys';
import type { Permission } from '../roles';
import { hasSecondFactor, secondFactorsOf } from './factors.server';

/**
 * 'Require two-factor for every account'. While it is on, an account without a second factor
 * still signs in with its password, but its session can reach nothing except its own account
 * (permission 'account': My Account, where it sets up two-factor, and the step-up confirmation)
 * until it has one. Checked at the same gates as the role (pages, actions, routes), so no admin
 * page, action or route is missed; it costs one small read per request.
 */

export async function isTwoFactorRequired(db: DB): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.requireTwoFactor).executeTakeFirst();
  return row?.value === '1';
}

export async function setTwoFactorRequired(db: DB, required: boolean): Promise<void> {
  const value = required ? '1' : '0';
  await db
    .insertInto('app_meta')
    .values({ key: MetaKey.requireTwoFactor, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Whether this account must set up two-factor before it may use `permission`. */
export async function blockedUntilTwoFactor(db: DB, userId: string, permission: Permission): Promise<boolean> {
  if (permission === 'account') return false;
  if (!(await isTwoFactorRequired(db))) return false;
  return !hasSecondFactor(await secondFactorsOf(db, userId));
}

/** Where an account without a second factor is sent while two-factor is required. */
export const TWO_FACTOR_SET_UP_PATH = '/admin/account';
