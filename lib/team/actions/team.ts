'use server';

import { refresh } from 'next/cache';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { ROLE_LABELS } from '../../auth/roles';
import { CacheTag } from '../../cache/tags';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { effectiveSiteUrl } from '../../settings/effective.server';
import { serverSources } from '../../settings/sources.server';
import { changeRole, removeAccount } from '../accounts.server';
import { createInvite, revokeInvite } from '../invites.server';
import { accountIdSchema, inviteIdSchema, inviteSchema, roleChangeSchema } from '../schemas';

/**
 * Security > Team (owner only): invitations, role changes, removals. Inviting, changing a role and
 * removing an account need a recent sign-in (step-up); each is logged in its own transaction.
 */

const REFUSED_INVITES = {
  'account-exists': 'That e-mail address already has an account.',
  'invite-exists': 'That e-mail address already has an invitation waiting. Revoke it to send a new one.',
} as const;

export const inviteAction = adminAction(
  inviteSchema,
  async ({ email, role }, { db, account, log }) => {
    const siteUrl = await effectiveSiteUrl(db, serverSources());
    const result = await db.transaction().execute(async (trx) => {
      const created = await createInvite(trx, { email, role, invitedBy: account.id, siteUrl });
      if (created.ok) await log({ action: 'invite_sent', target: created.id, detail: { email, role } }, trx);
      return created;
    });
    if (!result.ok) {
      const error = REFUSED_INVITES[result.reason];
      return fail('❌ Not Invited', error, { email: error });
    }
    wakeOutbox();
    refresh();
    return succeed({ title: '✅ Invitation Sent', message: `${email} can join as ${ROLE_LABELS[role]} within 72 hours.` });
  },
  {
    permission: 'security',
    stepUp: true,
    invalid: (fieldErrors) => fail('❌ Not Invited', Object.values(fieldErrors)[0] ?? 'Please check the form.', fieldErrors),
  },
);

export const revokeInviteAction = adminAction(
  inviteIdSchema,
  async ({ id }, { db, log }) => {
    const revoked = await db.transaction().execute(async (trx) => {
      const invite = await revokeInvite(trx, id);
      if (invite) await log({ action: 'invite_revoked', target: id, detail: { email: invite.email, role: invite.role } }, trx);
      return invite;
    });
    if (!revoked) return fail('❌ Not Revoked', 'This invitation was already accepted or revoked.');
    refresh();
    return succeed({ title: '✅ Invitation Revoked', message: `The link sent to ${revoked.email} no longer works.` });
  },
  { permission: 'security' },
);

const BUILT_IN = 'The built-in owner account keeps its role and cannot be removed, so the site always has an owner.';
const GONE = 'This account was already removed.';

export const changeRoleAction = adminAction(
  roleChangeSchema,
  async ({ id, role }, { db, account, log }) => {
    if (id === account.id) return fail('❌ Role Not Changed', 'You cannot change your own role.');
    const changed = await db.transaction().execute(async (trx) => {
      const change = await changeRole(trx, id, role);
      if (change.ok && change.value.from !== role)
        await log(
          { action: 'role_changed', target: id, detail: { email: change.value.email, from: change.value.from, to: role } },
          trx,
        );
      return change;
    });
    if (!changed.ok) return fail('❌ Role Not Changed', changed.reason === 'built-in' ? BUILT_IN : GONE);
    refresh();
    return succeed({ title: '✅ Role Changed', message: `${changed.value.email ?? 'The account'} is now ${ROLE_LABELS[role]}.` });
  },
  // A profile shows only while its account's role works leads: /team may change.
  { permission: 'security', stepUp: true, expires: [CacheTag.officers] },
);

export const removeAccountAction = adminAction(
  accountIdSchema,
  async ({ id }, { db, account, log }) => {
    if (id === account.id) return fail('❌ Not Removed', 'You cannot remove your own account.');
    const removed = await db.transaction().execute(async (trx) => {
      const removal = await removeAccount(trx, id);
      if (removal.ok) await log({ action: 'account_removed', target: id, detail: removal.value }, trx);
      return removal;
    });
    if (!removed.ok) return fail('❌ Not Removed', removed.reason === 'built-in' ? BUILT_IN : GONE);
    refresh();
    return succeed({
      title: '✅ Account Removed',
      message: `${removed.value.email ?? 'The account'} can no longer sign in; its sessions have ended.`,
    });
  },
  // Its profile, if any, leaves /team.
  { permission: 'security', stepUp: true, expires: [CacheTag.officers] },
);
