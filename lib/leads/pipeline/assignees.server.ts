import 'server-only';
import { can, ROLES } from '../../auth/roles';
import type { DB } from '../../db/connect.server';
import type { Assignee } from './types';

/**
 * Who a lead can be assigned to: every account whose role may see leads (the owner and loan
 * officers). Visibility does not change with assignment: everyone with 'leads' sees every lead,
 * and 'Assigned to me' narrows the list.
 */

const LEAD_ROLES = ROLES.filter((role) => can(role, 'leads'));

export async function listAssignees(db: DB): Promise<Assignee[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select(['id', 'email', 'name'])
    .where('role', 'in', LEAD_ROLES)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.name || row.email || 'Owner' }));
}

/** Whether an account exists that may be given leads. */
export async function isAssignable(db: DB, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select('id')
    .where('id', '=', accountId)
    .where('role', 'in', LEAD_ROLES)
    .executeTakeFirst();
  return row !== undefined;
}
