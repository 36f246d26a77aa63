'use client';

import { useRouter } from 'next/navigation';
import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import { showToast } from '@/components/ui/toast-store';

type LoginState = { status: 'idle' | 'success' | 'second-factor' | 'invalid' | 'throttled' | 'error'; message: string };

/**
 * Posts to /api/auth/login. With JavaScript it stays on the page and shows the spec's toasts;
 * without, the browser posts the form and the server answers with a redirect.
 */
async function submitLogin(_previous: LoginState, formData: FormData): Promise<LoginState> {
  try {
    const response = await fetch('/api/auth/login', { method: 'POST', body: formData, headers: { Accept: 'application/json' } });
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string; next?: string };
    if (response.ok && body.ok && body.next === 'second-factor') return { status: 'second-factor', message: '' };
    if (response.ok && body.ok) return { status: 'success', message: 'Redirecting you to the admin dashboard' };
    if (response.status === 429) return { status: 'throttled', message: body.error ?? 'Too many sign-in attempts.' };
    if (response.status === 401) return { status: 'invalid', message: 'Please check the password and try again.' };
    return { status: 'error', message: body.error ?? 'Sign-in failed. Please try again.' };
  } catch {
    return { status: 'error', message: 'The server could not be reached. Please try again.' };
  }
}

export function LoginForm({ invalidOnLoad, askEmail }: { invalidOnLoad: boolean; askEmail: boolean }) {
  const initial: LoginState = invalidOnLoad
    ? { status: 'invalid', message: 'Please check the password and try again.' }
    : { status: 'idle', message: '' };
  const [state, dispatch, pending] = useActionState(submitLogin, initial);
  const router = useRouter();
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.status === 'idle') return;
    // The password was right; the page now asks for the second factor (its cookie is set).
    if (state.status === 'second-factor') return router.refresh();
    if (state.status === 'success') {
      showToast({ title: '✅ Login Successful!', description: state.message, variant: 'success' });
      router.replace('/admin');
      return;
    }
    const title =
      state.status === 'invalid'
        ? '❌ Invalid Password'
        : state.status === 'throttled'
          ? '⏳ Too Many Attempts'
          : '❌ Sign-in Failed';
    showToast({ title, description: state.message, variant: 'error' });
    if (passwordRef.current) passwordRef.current.value = '';
    passwordRef.current?.focus();
  }, [state, router]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(() => dispatch(formData));
  }

  return (
    <form method="post" action="/api/auth/login" onSubmit={onSubmit} className="mt-6 space-y-4">
      <input type="hidden" name="username" value="admin" />
      {/* Only once the owner has invited a team: until then the spec's single password field. */}
      {askEmail && (
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-slate-800">
            Email <span className="font-normal text-slate-600">(leave empty for the owner account)</span>
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            className="focus:border-brand-700 mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
      )}
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <input
          ref={passwordRef}
          id="password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-describedby="login-status"
          className="focus:border-brand-700 mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 w-full rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Verifying...' : 'Sign in'}
      </button>
      <p id="login-status" role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {state.status === 'idle' || state.status === 'second-factor'
          ? ''
          : state.status === 'invalid'
            ? `Invalid password. ${state.message}`
            : state.message}
      </p>
    </form>
  );
}
