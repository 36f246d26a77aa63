'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { succeed } from '../../admin/result';

/** My Account / Security › 'Daily follow-up digest': the signed-in account's own choice. */
export const setDigestAction = adminAction(
  z.object({ wantsDigest: z.boolean() }),
  async ({ wantsDigest }, { db, account, log }) => {
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('admin_users')
        .set({ wants_digest: wantsDigest ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', account.id)
        .where('wants_digest', '=', wantsDigest ? 0 : 1)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0)
        await log({ action: 'settings_changed', target: 'wants_digest', detail: { new: wantsDigest } }, trx);
    });
    return succeed({
      title: wantsDigest ? '✅ Digest On' : '✅ Digest Off',
      message: wantsDigest
        ? 'You get an e-mail on days when follow-ups are overdue.'
        : 'You no longer get the daily follow-up e-mail.',
      data: { wantsDigest },
    });
  },
  { permission: 'leads' },
);
