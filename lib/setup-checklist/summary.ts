import { SETUP_ITEMS, type SetupItemDefinition, type SetupItemId } from './items';

/**
 * The checklist as the Overview shows it: each item done, skipped by the owner, or still to do,
 * and whether the list is shown at all. Done wins over skipped: an item done after it was skipped
 * counts as done. Pure, so its rules are tested without a database.
 */

export type SetupItemStatus = 'done' | 'skipped' | 'todo';

/** What the database says of one item: done or not, and when, where a time tells more. */
export interface SetupItemFact {
  done: boolean;
  /** The last test e-mail or backup (ISO), shown beside the item; null otherwise. */
  at: string | null;
}

export interface SetupItem extends SetupItemDefinition {
  status: SetupItemStatus;
  at: string | null;
}

export interface SetupChecklist {
  items: SetupItem[];
  done: number;
  skipped: number;
  /** Neither done nor skipped: the list shows while there is one. */
  open: number;
  total: number;
}

export function summarize(facts: Record<SetupItemId, SetupItemFact>, skipped: ReadonlySet<SetupItemId>): SetupChecklist {
  const items = SETUP_ITEMS.map((item): SetupItem => {
    const fact = facts[item.id];
    const status: SetupItemStatus = fact.done ? 'done' : skipped.has(item.id) ? 'skipped' : 'todo';
    return { ...item, status, at: fact.at };
  });
  const count = (status: SetupItemStatus) => items.filter((item) => item.status === status).length;
  return { items, done: count('done'), skipped: count('skipped'), open: count('todo'), total: items.length };
}

/** The list's progress: '3 of 7 done', and '3 of 7 done, 1 skipped' once the owner skipped one. */
export function progressText(checklist: SetupChecklist): string {
  const skipped = checklist.skipped > 0 ? `, ${checklist.skipped} skipped` : '';
  return `${checklist.done} of ${checklist.total} done${skipped}`;
}
