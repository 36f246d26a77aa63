'use client';

import { useState, useTransition } from 'react';
import { formatTime } from '@/components/admin/leads/format';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import type { AccountSummary } from '@/lib/auth/types';
import { OWNER_ACCOUNT_ID } from '@/lib/auth/policy';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/auth/roles';
import { changeRoleAction, removeAccountAction } from '@/lib/team/actions/team';
import { toastResult } from './toast-result';

const cell = 'py-2 pr-4 align-top';

/** The team's accounts; the owner changes a role or removes an account (both confirmed by step-up). */
export function AccountTable({ accounts, currentAccountId }: { accounts: AccountSummary[]; currentAccountId: string }) {
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="accounts-caption">
      <table className="w-full text-left text-sm">
        <caption id="accounts-caption" className="text-brand-900 mb-2 text-left text-lg font-semibold">
          Accounts
        </caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th className={cell}>Name</th>
            <th className={cell}>Email</th>
            <th className={cell}>Role</th>
            <th className={cell}>Two-factor</th>
            <th className={cell}>Created</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} self={account.id === currentAccountId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AccountRow({ account, self }: { account: AccountSummary; self: boolean }) {
  const [role, setRole] = useState<Role>(account.role);
  const [pending, startTransition] = useTransition();
  const builtIn = account.id === OWNER_ACCOUNT_ID;
  const who = account.email ?? 'the owner account';
  const fixed = builtIn || self;

  const saveRole = () =>
    startTransition(async () => {
      if (!toastResult(await withStepUp(() => changeRoleAction({ id: account.id, role })))) setRole(account.role);
    });
  const remove = () => {
    if (!window.confirm(`Remove ${who}? Their sessions end at once and they can no longer sign in.`)) return;
    startTransition(async () => void toastResult(await withStepUp(() => removeAccountAction({ id: account.id }))));
  };

  return (
    <tr className="border-b border-slate-200">
      <td className={cell}>
        {account.name}
        {self && <strong className="ml-2 text-green-800">(you)</strong>}
      </td>
      <td className={cell}>{account.email ?? <span className="text-slate-700">Built-in owner (no e-mail)</span>}</td>
      <td className={cell}>
        {fixed ? (
          ROLE_LABELS[account.role]
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <select
              aria-label={`Role of ${who}`}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {role !== account.role && (
              <button
                type="button"
                onClick={saveRole}
                disabled={pending}
                className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-100"
              >
                Change Role
              </button>
            )}
          </div>
        )}
      </td>
      <td className={cell}>{account.twoFactor ? 'On' : 'Off'}</td>
      <td className={cell}>{formatTime(account.createdAt)}</td>
      <td className="py-2 align-top">
        {!fixed && (
          <button
            type="button"
            onClick={remove}
            disabled={pending}
            aria-label={`Remove ${who}`}
            className="rounded-md border border-red-300 bg-white px-3 py-1 font-medium text-red-800 hover:bg-red-50"
          >
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}
