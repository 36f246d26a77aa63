'use server';

import { redirect } from 'next/navigation';
import { adminFormAction } from '../../admin/action.server';
import { fail } from '../../admin/result';
import { logger } from '../../log.server';
import { choosePasswordSchema } from '../choose-password';
import { setPassword } from '../credentials.server';
import { deleteOtherSessions } from '../sessions.server';

/**
 * 'Choose your password': the one action a session started with the built-in default password
 * may run. It replaces the default, ends every other session (any of them could be someone else
 * who read the default on /login) and opens the dashboard. The current password is not asked
 * again: it is the default, printed on /login.
 */
export const choosePasswordAction = adminFormAction(
  choosePasswordSchema,
  async ({ newPassword }, { session, db, log }) => {
    // Another tab chose one already: this session's own check was made at the request's start.
    if (!session.mustChoosePassword) redirect('/admin');
    await setPassword(db, newPassword, new Date(), session.account.id);
    const ended = await db.transaction().execute(async (trx) => {
      const count = await deleteOtherSessions(trx, session.account.id, session.id);
      await log(
        { action: 'password_changed', target: session.account.id, detail: { sessionsEnded: count, replacedDefault: true } },
        trx,
      );
      return count;
    });
    logger.info({ event: 'admin.password_chosen', session: session.id, endedSessions: ended }, 'Default admin password replaced');
    // A redirect, not a result: a browser without JavaScript follows it as well.
    redirect('/admin');
  },
  {
    permission: 'account',
    choosingPassword: true,
    invalid: (fieldErrors, issues) => fail('❌ Password Not Saved', issues[0]?.message ?? 'Please check the form.', fieldErrors),
  },
);
