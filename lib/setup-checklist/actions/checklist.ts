'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminFormAction } from '../../admin/action.server';
import { succeed } from '../../admin/result';
import { skipItem, unskipItems } from '../dismissals.server';
import { SETUP_ITEM_IDS, SETUP_ITEMS } from '../items';

/**
 * The Overview's setup checklist (issue 33): 'Skip' an item the owner will not do, and 'Show
 * again' what was skipped. Owner only ('security'), logged with the change in one transaction;
 * a repeated click changes nothing and logs nothing.
 */

const labelOf = (id: string) => SETUP_ITEMS.find((item) => item.id === id)?.label ?? id;

export const skipSetupItemAction = adminFormAction(
  z.object({ item: z.enum(SETUP_ITEM_IDS) }),
  async ({ item }, { db, account, log }) => {
    await db.transaction().execute(async (trx) => {
      if (await skipItem(trx, item, account.id)) await log({ action: 'setup_item_skipped', target: item }, trx);
    });
    refresh();
    return succeed({ title: '✅ Item Skipped', message: `“${labelOf(item)}” is skipped; you can show it again.` });
  },
  { permission: 'security' },
);

/** Without `item`: every skipped item ('Show the setup checklist again'). */
export const showSetupItemsAgainAction = adminFormAction(
  z.object({ item: z.enum(SETUP_ITEM_IDS).optional() }),
  async ({ item }, { db, log }) => {
    await db.transaction().execute(async (trx) => {
      const shown = await unskipItems(trx, item);
      if (shown > 0) await log({ action: 'setup_items_shown_again', target: item ?? '', detail: { items: shown } }, trx);
    });
    refresh();
    return succeed({
      title: '✅ Shown Again',
      message: item ? `“${labelOf(item)}” is back on the setup checklist.` : 'The setup checklist shows every item again.',
    });
  },
  { permission: 'security' },
);
