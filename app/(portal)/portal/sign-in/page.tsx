import type { Metadata } from 'next';
import { connection } from 'next/server';

export const metadata: Metadata = { title: 'Sign in to your loan file' };

/**
 * /portal/sign-in?token=…: where the e-mailed link leads. It only shows a button that posts the
 * token (./api/portal/sign-in): mail scanners open every link in a message to check it, and a
 * one-time link spent by a scanner would fail the borrower.
 */
export default async function PortalSignInPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  await connection();
  const { token } = await searchParams;
  const value = typeof token === 'string' ? token.slice(0, 100) : '';
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-brand-900 text-2xl font-bold">Sign in to your loan file</h1>
      {value ? (
        <form method="post" action="/api/portal/sign-in" className="mt-6">
          <input type="hidden" name="token" value={value} />
          <p className="text-slate-700">Press the button to open your loan file. This link works once.</p>
          <button
            type="submit"
            className="bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-700 mt-4 w-full rounded-md px-4 py-3 font-semibold text-white focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none sm:w-auto"
          >
            Open my loan file
          </button>
        </form>
      ) : (
        <p className="mt-4 text-slate-700">
          This link is incomplete.{' '}
          <a href="/portal" className="text-brand-800 underline">
            Ask for a new sign-in link
          </a>
          .
        </p>
      )}
    </div>
  );
}
