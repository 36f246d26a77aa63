'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminFormAction } from '../../admin/action.server';
import { fail, succeed, type ActionFailure } from '../../admin/result';
import { env } from '../../env.server';
import { logger } from '../../log.server';
import { checkPassword, setPassword } from '../credentials.server';
import { changePasswordSchema } from '../policy';
import { requestClient } from '../session.server';
import { deleteOtherSessions } from '../sessions.server';
import { sessionKeys } from '../sign-in-keys';
import { failSlowly, throttledAttempt } from '../sign-in.server';
import { forgetAttempt, retryMessage } from '../throttle.server';

// The spec's toast titles name the first problem with the three fields.
function invalidPassword(_fieldErrors: Record<string, string>, issues: readonly z.core.$ZodIssue[]): ActionFailure {
  const issue = issues[0];
  const field = String(issue?.path[0] ?? '');
  const error = issue?.message ?? 'Please fill out all password fields.';
  const title =
    field === 'confirmPassword'
      ? "❌ Passwords Don't Match"
      : field === 'newPassword'
        ? '❌ Password Too Short'
        : '❌ Missing Fields';
  return fail(title, error, field ? { [field]: error } : undefined);
}

/**
 * Security: 'Change Admin Password' (spec sections 2 and 5). Ends every other session. The
 * current password is a guess like any other: each costs a scrypt (128 MiB) and a second, and
 * counts against the session's allowance of the sign-in limits (issue 28), so a stolen session
 * cannot use this form to guess the password faster than the sign-in page allows.
 */
export const changePasswordAction = adminFormAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }, { session, db, log }) => {
    const started = Date.now();
    const decision = await throttledAttempt(db, sessionKeys(session.id), (await requestClient()).ip);
    if (!decision.allowed) {
      const error = retryMessage(decision.retryAfterSeconds, 'attempts');
      return fail('⏳ Too Many Attempts', error, { currentPassword: error });
    }
    if (!(await checkPassword(db, env.ADMIN_PASSWORD, currentPassword, session.account.id))) {
      logger.warn(
        { event: 'admin.password_change.failed', session: session.id },
        'Password change refused: wrong current password',
      );
      await log({ action: 'sign_in_failed', detail: { reason: 'password', step: 'password change' } });
      await failSlowly(started);
      const error = 'The current password you entered is incorrect.';
      return fail('❌ Incorrect Password', error, { currentPassword: error });
    }
    await forgetAttempt(db, decision.attemptId);
    // The password is hashed (about 0.4 s) outside any transaction, so no other write waits for it.
    await setPassword(db, newPassword, new Date(), session.account.id);
    const ended = await db.transaction().execute(async (trx) => {
      const count = await deleteOtherSessions(trx, session.account.id, session.id);
      await log({ action: 'password_changed', target: session.account.id, detail: { sessionsEnded: count } }, trx);
      return count;
    });
    logger.info({ event: 'admin.password_changed', session: session.id, endedSessions: ended }, 'Admin password changed');
    refresh();
    return succeed({
      title: '✅ Password Changed',
      message: 'Your new password is in effect; every other session has been signed out.',
    });
  },
  { permission: 'account', invalid: invalidPassword },
);

/** Security: 'Sign out everywhere else'. The form sends no fields. */
export const signOutOtherSessionsAction = adminFormAction(
  z.object({}),
  async (_input, { session, db, log }) => {
    const ended = await db.transaction().execute(async (trx) => {
      const count = await deleteOtherSessions(trx, session.account.id, session.id);
      await log({ action: 'session_ended', target: session.account.id, detail: { sessions: count } }, trx);
      return count;
    });
    logger.info({ event: 'admin.sign_out_others', session: session.id, endedSessions: ended }, 'Other admin sessions signed out');
    refresh();
    return succeed({
      title: '✅ Signed Out Elsewhere',
      message: ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`,
    });
  },
  { permission: 'account' },
);
