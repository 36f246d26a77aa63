import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { cache } from 'react';
import type { Permission } from '../auth/roles';
import { requireAdminPage } from '../auth/session.server';
import { TWO_FACTOR_SET_UP_PATH } from '../auth/two-factor/requirement.server';
import { CHOOSE_PASSWORD_PATH } from '../auth/choose-password';
import { adminContext } from './action.server';
import type { AdminContext } from './context';
import { refusalFor, type AdmissionOptions } from './admission.server';

/**
 * The session (or a redirect to /login), the role check (or 403) and the database, for the admin
 * layout and every admin page. Each page calls it itself: a layout's check does not guard a page's
 * data (Next renders them in parallel, and a client navigation may render the page alone). `cache`
 * makes it one session lookup per request however many segments ask.
 */
const signedIn = cache(async (): Promise<AdminContext> => {
  await connection();
  return adminContext(await requireAdminPage());
});

export async function adminPageContext(permission: Permission, options: AdmissionOptions = {}): Promise<AdminContext> {
  const context = await signedIn();
  const refusal = await refusalFor(context.session, permission, options);
  // The default password is still in effect: choosing another comes first.
  if (refusal === 'choose-password') redirect(CHOOSE_PASSWORD_PATH);
  if (refusal === 'forbidden') forbidden();
  // Two-factor required and none set up yet: the account's own page, where it is set up.
  if (refusal === 'two-factor') redirect(TWO_FACTOR_SET_UP_PATH);
  return context;
}
