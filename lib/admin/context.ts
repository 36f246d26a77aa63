import type { ActivityEntry } from '../activity/record.server';
import type { AdminAccount, AdminSession } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';

/**
 * What an admin Server Action's handler (and an admin page or route) works with, apart from
 * lib/admin/action.server.ts, so components that take it need no server module.
 */

export interface AdminContext {
  session: AdminSession;
  account: AdminAccount;
  db: DB;
  /** Appends to the activity log as this account, from this request's client address. */
  log: (entry: Omit<ActivityEntry, 'actor' | 'ip'>, db?: DB) => Promise<void>;
}
