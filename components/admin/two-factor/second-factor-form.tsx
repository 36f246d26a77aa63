'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { CodeField } from './code-field';

type State = { status: 'idle' | 'success' | 'invalid' | 'expired' | 'throttled' | 'error'; message: string };

/** Posts to /api/auth/second-factor: JSON with JavaScript, a plain form post (303) without. */
async function submitCode(_previous: State, formData: FormData): Promise<State> {
  try {
    const response = await fetch('/api/auth/second-factor', {
      method: 'POST',
      body: formData,
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string; code?: string };
    if (response.ok && body.ok) return { status: 'success', message: 'Redirecting you to the admin dashboard' };
    if (response.status === 429) return { status: 'throttled', message: body.error ?? 'Too many sign-in attempts.' };
    if (body.code === 'expired') return { status: 'expired', message: body.error ?? 'Please enter your password again.' };
    if (response.status === 401) return { status: 'invalid', message: body.error ?? 'That code is not right.' };
    return { status: 'error', message: body.error ?? 'Sign-in failed. Please try again.' };
  } catch {
    return { status: 'error', message: 'The server could not be reached. Please try again.' };
  }
}

export function SecondFactorForm({ invalidOnLoad }: { invalidOnLoad: boolean }) {
  const initial: State = invalidOnLoad
    ? { status: 'invalid', message: 'That code is not right. Please check it and try again.' }
    : { status: 'idle', message: '' };
  const [state, dispatch, pending] = useActionState(submitCode, initial);
  const router = useRouter();
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.status === 'idle') return codeRef.current?.focus();
    if (state.status === 'success') {
      showToast({ title: '✅ Login Successful!', description: state.message, variant: 'success' });
      router.replace('/admin');
      return;
    }
    if (state.status === 'expired') {
      showToast({ title: '⏳ Sign-in Expired', description: state.message, variant: 'error' });
      router.refresh();
      return;
    }
    const title =
      state.status === 'invalid'
        ? '❌ Invalid Code'
        : state.status === 'throttled'
          ? '⏳ Too Many Attempts'
          : '❌ Sign-in Failed';
    showToast({ title, description: state.message, variant: 'error' });
    if (codeRef.current) codeRef.current.value = '';
    codeRef.current?.focus();
  }, [state, router]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(() => dispatch(formData));
  }

  return (
    <form method="post" action="/api/auth/second-factor" onSubmit={onSubmit} className="mt-6 space-y-4">
      <p className="text-slate-700">Your password is right. Now confirm it&apos;s you with your second factor.</p>
      <CodeField inputRef={codeRef} describedBy="second-factor-status" />
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 w-full rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Verifying...' : 'Verify'}
      </button>
      <p id="second-factor-status" role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {state.status === 'idle' || state.status === 'success' ? '' : state.message}
      </p>
    </form>
  );
}
