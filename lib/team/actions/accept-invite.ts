'use server';

import { cookies } from 'next/headers';
import { sectionsFor } from '../../admin/sections';
import { redirect } from 'next/navigation';
import { actorOf, recordActivity } from '../../activity/record.server';
import { formFields } from '../../admin/action.server';
import { fieldErrorsOf } from '../../admin/result';
import { deviceCookieOptions, newDeviceCookie } from '../../auth/device-cookie.server';
import { OWNER_MARKER_COOKIE } from '../../auth/owner-marker';
import { hashPassword } from '../../auth/password.server';
import { can } from '../../auth/roles';
import { getAdminSession, requestClient, sessionCookieName, sessionCookieOptions } from '../../auth/session.server';
import { createSession, deleteSession } from '../../auth/sessions.server';
import { getDb } from '../../db/index.server';
import { logger } from '../../log.server';
import { acceptInvite } from '../accept-invite.server';
import { findLiveInvite } from '../invites.server';
import { acceptInviteSchema, INVITE_GONE } from '../schemas';

/** What the invitation page's form shows after a refused submission. */
export interface AcceptInviteState {
  error: string;
  fieldErrors?: Record<string, string>;
  /** The name as sent, to fill the field again (the passwords are never sent back). */
  name?: string;
}

/**
 * The invitation page's form (a plain form post without JavaScript): creates the account, marks
 * the invitation accepted in the same transaction, signs the new account in and opens the admin
 * at the first section its role may open.
 * No session is needed: the link's token is the credential, and it works once.
 */
export async function acceptInviteAction(_previous: AcceptInviteState | null, formData: FormData): Promise<AcceptInviteState> {
  const parsed = acceptInviteSchema.safeParse(formFields(formData));
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    const name = formData.get('name');
    return {
      error: Object.values(fieldErrors)[0] ?? 'Please check the form.',
      fieldErrors,
      name: typeof name === 'string' ? name.slice(0, 100) : '',
    };
  }
  const { token, name, newPassword } = parsed.data;
  const db = await getDb();
  // Before the deliberately slow hash, so a spent link answers at once.
  if (!(await findLiveInvite(db, token))) return { error: INVITE_GONE };
  const passwordHash = await hashPassword(newPassword);
  const client = await requestClient();

  const result = await db.transaction().execute(async (trx) => {
    const accepted = await acceptInvite(trx, { token, name, passwordHash });
    if (accepted.ok) {
      const actor = actorOf(accepted.account);
      await recordActivity(trx, {
        actor,
        action: 'invite_accepted',
        target: accepted.inviteId,
        detail: { role: accepted.account.role },
        ip: client.ip,
      });
    }
    return accepted;
  });
  if (!result.ok) {
    return { error: result.reason === 'gone' ? INVITE_GONE : 'This e-mail address already has an account: sign in instead.' };
  }

  // A session this browser held before (another account) ends rather than lingering unseen.
  const previous = await getAdminSession();
  if (previous) await deleteSession(db, previous.id);
  const session = await createSession(db, client, new Date(), result.account.id);
  await recordActivity(db, { actor: actorOf(result.account), action: 'sign_in', target: session.id, ip: client.ip });
  logger.info({ event: 'admin.invite_accepted', account: result.account.id, session: session.id }, 'Invitation accepted');

  const jar = await cookies();
  jar.set(sessionCookieName(), session.token, sessionCookieOptions());
  if (can(result.account.role, 'content')) jar.set(OWNER_MARKER_COOKIE, '1', { ...sessionCookieOptions(), httpOnly: false });
  // A sign-in like any other: this browser is now known to the account (ADR 026).
  const device = newDeviceCookie(result.account.id);
  jar.set(device.name, device.value, deviceCookieOptions());
  // Straight to the role's first section: /admin's own redirect happens after its response has
  // begun streaming, which a browser without JavaScript does not follow.
  redirect(sectionsFor(result.account.role)[0]?.href ?? '/admin/account');
}
