import 'server-only';
import type { DB } from '../db/connect.server';
import { isSetupItemId, type SetupItemId } from './items';

/**
 * The checklist items the owner skipped, in the database so every instance and every device
 * shows the same list (a cookie would bring a skipped item back on the owner's phone).
 */

export async function skippedItems(db: DB): Promise<Set<SetupItemId>> {
  const rows = await db.selectFrom('setup_checklist_dismissals').select('item').execute();
  // An id no release knows any more (an item taken out) is simply ignored.
  return new Set(rows.map((row) => row.item).filter(isSetupItemId));
}

/** Skips an item; false when it was skipped already (a second click, another tab), so it is logged once. */
export async function skipItem(db: DB, item: SetupItemId, accountId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .insertInto('setup_checklist_dismissals')
    .values({ item, dismissed_by: accountId, dismissed_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('item').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Shows skipped items again: one (`item`) or all of them. Answers how many were skipped. */
export async function unskipItems(db: DB, item?: SetupItemId): Promise<number> {
  let query = db.deleteFrom('setup_checklist_dismissals');
  if (item) query = query.where('item', '=', item);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
