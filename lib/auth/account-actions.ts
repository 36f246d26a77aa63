'use server';

import { refresh } from 'next/cache';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { checkPassword, setPassword } from './credentials.server';
import { changePasswordSchema } from './policy';
import { getAdminSession } from './session.server';
import { deleteOtherSessions } from './sessions.server';
import { FAILED_SIGN_IN_MIN_MS } from './sign-in.server';

/** Result of an admin form action: a toast title plus either a message or an error. */
export type ActionResult =
  | { ok: true; title: string; message: string }
  | { ok: false; title: string; error: string; fieldErrors?: Record<string, string> }
  | null;

const SIGNED_OUT: ActionResult = {
  ok: false,
  title: 'Signed Out',
  error: 'Your session has ended. Please sign in again.',
};

/** Security tab: 'Change Admin Password' (spec sections 2 and 5). Ends every other session. */
export async function changePasswordAction(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const session = await getAdminSession();
  if (!session) return SIGNED_OUT;

  const parsed = changePasswordSchema.safeParse({
    currentPassword: String(formData.get('currentPassword') ?? ''),
    newPassword: String(formData.get('newPassword') ?? ''),
    confirmPassword: String(formData.get('confirmPassword') ?? ''),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const error = issue?.message ?? 'Please fill out all password fields.';
    const title =
      field === 'confirmPassword'
        ? "❌ Passwords Don't Match"
        : field === 'newPassword'
          ? '❌ Password Too Short'
          : '❌ Missing Fields';
    return { ok: false, title, error, fieldErrors: field ? { [field]: error } : undefined };
  }

  const started = Date.now();
  const db = await getDb();
  if (!(await checkPassword(db, env.ADMIN_PASSWORD, parsed.data.currentPassword))) {
    logger.warn(
      { event: 'admin.password_change.failed', session: session.id },
      'Password change refused: wrong current password',
    );
    await sleep(Math.max(0, FAILED_SIGN_IN_MIN_MS - (Date.now() - started)));
    const error = 'The current password you entered is incorrect.';
    return { ok: false, title: '❌ Incorrect Password', error, fieldErrors: { currentPassword: error } };
  }
  await setPassword(db, parsed.data.newPassword);
  const ended = await deleteOtherSessions(db, session.id);
  logger.info({ event: 'admin.password_changed', session: session.id, endedSessions: ended }, 'Admin password changed');
  refresh();
  return {
    ok: true,
    title: '✅ Password Changed',
    message: 'Your new password is in effect; every other session has been signed out.',
  };
}

/** Security tab: 'Sign out everywhere else'. */
export async function signOutOtherSessionsAction(_previous: ActionResult, _formData: FormData): Promise<ActionResult> {
  const session = await getAdminSession();
  if (!session) return SIGNED_OUT;
  const ended = await deleteOtherSessions(await getDb(), session.id);
  logger.info({ event: 'admin.sign_out_others', session: session.id, endedSessions: ended }, 'Other admin sessions signed out');
  refresh();
  return {
    ok: true,
    title: '✅ Signed Out Elsewhere',
    message: ended === 1 ? 'One other session was signed out.' : `${ended} other sessions were signed out.`,
  };
}
