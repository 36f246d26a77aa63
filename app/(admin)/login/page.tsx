import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { LoginForm } from '@/components/admin/login-form';
import { PasskeySignIn } from '@/components/admin/two-factor/passkey-sign-in';
import { SecondFactorForm } from '@/components/admin/two-factor/second-factor-form';
import { findChallenge } from '@/lib/auth/challenges.server';
import { countAccounts } from '@/lib/auth/accounts.server';
import { readCredentials } from '@/lib/auth/credentials.server';
import { DEFAULT_ADMIN_PASSWORD } from '@/lib/auth/policy';
import { getAdminSession } from '@/lib/auth/session.server';
import { anyPasskeys } from '@/lib/auth/two-factor/factors.server';
import { secondFactorCookieName } from '@/lib/auth/two-factor/second-factor-cookie.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';

export const metadata: Metadata = { title: 'Admin Login | Construction Loan Pros' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  await connection();
  if (await getAdminSession()) redirect('/admin');
  const db = await getDb();
  const [{ isDefault }, accounts, passkeys, pending] = await Promise.all([
    readCredentials(db, env.ADMIN_PASSWORD),
    countAccounts(db),
    anyPasskeys(db),
    findChallenge(db, 'second-factor', (await cookies()).get(secondFactorCookieName())?.value),
  ]);
  const { error } = await searchParams;

  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-brand-900 text-2xl font-bold">Admin Login</h1>
        <p className="mt-2 text-slate-600">Sign in to manage the website.</p>
        {pending ? (
          // The password was accepted moments ago: the second step (the cookie names it).
          <SecondFactorForm invalidOnLoad={error === 'code'} />
        ) : (
          <>
            {error === 'expired' && (
              <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                The sign-in took too long. Please enter your password again.
              </p>
            )}
            <LoginForm invalidOnLoad={error === 'invalid'} askEmail={accounts > 1} />
          </>
        )}
        {/* Offered once someone has a passkey: until then /login stays the spec's one password field. */}
        {passkeys && <PasskeySignIn />}
        {/* The spec shows the password on the login screen; we show it only while it is the
            built-in default, so a fresh install can be entered and a chosen one never leaks. Signing
            in with it leads first to choosing another (issue 28); then this hint is gone. */}
        {isDefault && (
          <p className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="default-password-hint">
            First sign-in: the default password is <code className="font-semibold">{DEFAULT_ADMIN_PASSWORD}</code>. You will
            choose your own right after.
          </p>
        )}
      </div>
    </div>
  );
}
