'use client';

import { useActionState, useEffect, useRef, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import { changePasswordAction, signOutOtherSessionsAction } from '@/lib/auth/actions/account';
import { signOutSessionAction } from '@/lib/auth/actions/sessions';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/policy';
import { browserName } from '@/lib/http/browser-name';
import { PasswordField } from './password-field';

interface SessionRow {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
}

function useResultToast(state: ActionResult | null, onSuccess?: () => void) {
  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      showToast({ title: state.title, description: state.message, variant: 'success' });
      onSuccess?.();
    } else showToast({ title: state.title, description: state.error, variant: 'error' });
    // Only a new result should toast, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
}

function ChangePasswordForm({ owner }: { owner: boolean }) {
  const [state, action, pending] = useActionState(changePasswordAction, null);
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(state, () => formRef.current?.reset());
  const fieldErrors = state && !state.ok ? state.fieldErrors : undefined;

  return (
    <form ref={formRef} action={action} noValidate className="max-w-md space-y-4">
      <h2 className="text-brand-900 text-xl font-semibold">{owner ? 'Change Admin Password' : 'Change Password'}</h2>
      <PasswordField
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        error={fieldErrors?.currentPassword}
      />
      <PasswordField name="newPassword" label="New Password" autoComplete="new-password" error={fieldErrors?.newPassword} />
      <p className="text-sm text-slate-600">At least {PASSWORD_MIN_LENGTH} characters; a long passphrase is best.</p>
      <PasswordField
        name="confirmPassword"
        label="Confirm New Password"
        autoComplete="new-password"
        error={fieldErrors?.confirmPassword}
      />
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Updating...' : 'Update Password'}
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {state ? (state.ok ? state.message : state.error) : ''}
      </p>
    </form>
  );
}

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** 'Sign out' for one other session: that browser must sign in again at its next request. */
function SignOutSession({ id }: { id: string }) {
  const [pending, startTransition] = useTransition();
  const signOut = () =>
    startTransition(async () => {
      const result = await signOutSessionAction({ id });
      if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
      else showToast({ title: result.title, description: result.error, variant: 'error' });
    });
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={pending}
      className="rounded-md border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-100"
    >
      Sign out
    </button>
  );
}

function SessionList({ sessions, currentSessionId }: { sessions: SessionRow[]; currentSessionId: string }) {
  const [state, action, pending] = useActionState(signOutOtherSessionsAction, null);
  useResultToast(state);
  return (
    <section aria-labelledby="sessions-title" className="space-y-4">
      <h2 id="sessions-title" className="text-brand-900 text-xl font-semibold">
        Active Sessions
      </h2>
      <table aria-labelledby="sessions-title" className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-2 pr-4">Started</th>
            <th className="py-2 pr-4">Last seen</th>
            <th className="py-2 pr-4">Browser</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} className="border-b border-slate-200">
              <td className="py-2 pr-4">{formatTime(s.createdAt)}</td>
              <td className="py-2 pr-4">{formatTime(s.lastSeenAt)}</td>
              <td className="py-2 pr-4">
                {browserName(s.userAgent)}
                {s.id === currentSessionId && <strong className="ml-2 text-green-800">(this session)</strong>}
              </td>
              <td className="py-2">{s.id !== currentSessionId && <SignOutSession id={s.id} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form action={action}>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          Sign out everywhere else
        </button>
      </form>
    </section>
  );
}

export function PasswordAndSessions({
  sessions,
  currentSessionId,
  owner,
}: {
  sessions: SessionRow[];
  currentSessionId: string;
  /** The built-in owner account keeps the spec's 'Change Admin Password'. */
  owner: boolean;
}) {
  return (
    <div className="grid gap-10 lg:grid-cols-2">
      <ChangePasswordForm owner={owner} />
      <SessionList sessions={sessions} currentSessionId={currentSessionId} />
    </div>
  );
}
