'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { parseAdCopyKey } from '../ad-copy';
import { dismissAdCopyFinding } from '../dismissals.server';

/**
 * 'Dismiss' on an ad-copy warning (issue 31): the owner or an editor, whoever may edit the text it
 * is about, decides the claim may stand. Recorded once per key, with its activity log entry in the
 * same transaction; a dismissal of the same key again changes nothing and logs nothing.
 */
export const dismissAdCopyWarningAction = adminAction(
  z.object({
    key: z
      .string()
      .max(255)
      .refine((key) => parseAdCopyKey(key) !== null, { error: 'Not a warning of the checker.' }),
    note: z.string().trim().max(500, { error: 'The note is at most 500 characters.' }).optional(),
  }),
  async ({ key, note }, { db, account, log }) => {
    const { rule, path } = parseAdCopyKey(key)!;
    await db.transaction().execute(async (trx) => {
      const added = await dismissAdCopyFinding(trx, { key, accountId: account.id, note });
      if (added) await log({ action: 'ad_copy_warning_dismissed', target: key, detail: { rule, path } }, trx);
    });
    return succeed({ title: 'Warning Dismissed', message: 'It stays dismissed until those words change.', data: { key } });
  },
  {
    permission: 'content',
    invalid: (fieldErrors) => fail('❌ Not Dismissed', fieldErrors.note ?? 'The request was not understood.', fieldErrors),
  },
);
