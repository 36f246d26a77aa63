'use client';

import { useTransition } from 'react';
import { formatTime, NOTIFICATION_CLASS, NOTIFICATION_LABELS } from '@/components/admin/leads/format';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { revokeInviteAction } from '@/lib/team/actions/team';
import type { PendingInvite } from '@/lib/team/types';
import { toastResult } from './toast-result';

const cell = 'py-2 pr-4 align-top';

/** Invitations not yet accepted, with their e-mail's delivery and a 'Revoke' each. */
export function InviteList({ invites }: { invites: PendingInvite[] }) {
  const [pending, startTransition] = useTransition();
  const revoke = (invite: PendingInvite) => {
    if (!window.confirm(`Revoke the invitation to ${invite.email}? Its link stops working.`)) return;
    startTransition(async () => void toastResult(await revokeInviteAction({ id: invite.id })));
  };

  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="invites-caption">
      <table className="w-full text-left text-sm">
        <caption id="invites-caption" className="text-brand-900 mb-2 text-left text-lg font-semibold">
          Pending Invitations
        </caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th className={cell}>Email</th>
            <th className={cell}>Role</th>
            <th className={cell}>Sent</th>
            <th className={cell}>Expires</th>
            <th className={cell}>Delivery</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.length === 0 && (
            <tr>
              <td colSpan={6} className="py-3 text-slate-700">
                No invitations are waiting.
              </td>
            </tr>
          )}
          {invites.map((invite) => (
            <tr key={invite.id} className="border-b border-slate-200">
              <td className={cell}>{invite.email}</td>
              <td className={cell}>{ROLE_LABELS[invite.role]}</td>
              <td className={cell}>{formatTime(invite.createdAt)}</td>
              <td className={cell}>
                {invite.expired ? <strong className="text-red-800">Expired</strong> : formatTime(invite.expiresAt)}
              </td>
              <td className={cell}>
                {invite.delivery ? (
                  <span className={`rounded px-2 py-0.5 ${NOTIFICATION_CLASS[invite.delivery]}`}>
                    {NOTIFICATION_LABELS[invite.delivery]}
                  </span>
                ) : (
                  '—'
                )}
              </td>
              <td className="py-2 align-top">
                <button
                  type="button"
                  onClick={() => revoke(invite)}
                  disabled={pending}
                  aria-label={`Revoke the invitation to ${invite.email}`}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-100"
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
