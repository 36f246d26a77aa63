'use client';

import { useTransition, type FormEvent } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import { setRequireTwoFactorAction } from '@/lib/auth/actions/two-factor-policy';

export function RequireTwoFactorForm({ required }: { required: boolean }) {
  const [pending, startTransition] = useTransition();

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('requireTwoFactor') === 'on';
    startTransition(async () => {
      const result = await withStepUp(() => setRequireTwoFactorAction({ required: value }));
      if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
      else showToast({ title: result.title, description: result.error, variant: 'error' });
    });
  };

  return (
    <section aria-labelledby="require-two-factor-title" className="space-y-3">
      <h2 id="require-two-factor-title" className="text-brand-900 text-xl font-semibold">
        Two-factor for the team
      </h2>
      {/* key: a saved change re-renders with the stored value, so the box shows what is in force. */}
      <form key={String(required)} onSubmit={save} className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" name="requireTwoFactor" defaultChecked={required} className="size-4" />
          Require two-factor for every account
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70"
        >
          Save
        </button>
      </form>
      <p className="max-w-2xl text-sm text-slate-600">
        When on, an account without an authenticator app or a passkey can only set one up after signing in with its password,
        before it may use anything else.
      </p>
    </section>
  );
}
