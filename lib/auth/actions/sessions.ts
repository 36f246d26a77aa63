'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { deleteAccountSession } from '../sessions.server';

/**
 * 'Sign out' beside one of the account's other sessions (a browser left signed in elsewhere).
 * Only the account's own sessions can be ended here; this one ends with Logout.
 */
export const signOutSessionAction = adminAction(
  z.object({ id: z.string().min(1).max(32) }),
  async ({ id }, { session, account, db, log }) => {
    if (id === session.id) return fail('❌ Not Signed Out', 'Use Logout to end the session you are using.');
    const ended = await db.transaction().execute(async (trx) => {
      const deleted = await deleteAccountSession(trx, account.id, id);
      if (deleted) await log({ action: 'session_ended', target: id }, trx);
      return deleted;
    });
    if (!ended) return fail('❌ Not Signed Out', 'That session had already ended.');
    refresh();
    return succeed({ title: '✅ Session Signed Out', message: 'That browser must sign in again.' });
  },
  { permission: 'account' },
);
