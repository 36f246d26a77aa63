import { PasskeySignIn } from './passkey-sign-in';

/** Why the signed-out portal page was shown again, from its query (never free text from the URL). */
export type SignInNotice = 'sent' | 'expired' | 'invalid' | 'signed-out' | null;

const NOTICES: Record<Exclude<SignInNotice, null>, { text: string; tone: 'ok' | 'error' }> = {
  sent: {
    text: 'If a loan file uses that address, we have e-mailed a sign-in link to it. The link works once, within 30 minutes. Check your spam folder if it does not arrive.',
    tone: 'ok',
  },
  expired: { text: 'That sign-in link has expired or was already used. Ask for a new one below.', tone: 'error' },
  invalid: { text: 'Enter the e-mail address you used on your application.', tone: 'error' },
  'signed-out': { text: 'You are signed out.', tone: 'ok' },
};

/**
 * The signed-out portal: one field, the borrower's e-mail, and a plain form post (it works without
 * JavaScript). The answer never says whether the address has a loan file. Below it, where the
 * browser can, "Sign in with a passkey", which asks for no address at all.
 */
export function SignInRequest({ notice }: { notice: SignInNotice }) {
  const shown = notice ? NOTICES[notice] : null;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-brand-900 text-2xl font-bold">Your loan file</h1>
      <p className="mt-2 text-slate-700">
        Follow your construction loan, see what we still need, and send your documents securely. Enter the e-mail address on your
        application and we will e-mail you a sign-in link.
      </p>
      <div role="status" className="mt-4">
        {shown && (
          <p
            className={
              shown.tone === 'ok'
                ? 'rounded-md border border-green-300 bg-green-50 p-3 text-green-900'
                : 'rounded-md border border-red-300 bg-red-50 p-3 text-red-900'
            }
          >
            {shown.text}
          </p>
        )}
      </div>
      <form method="post" action="/api/portal/sign-in-link" className="mt-4 space-y-3">
        <label htmlFor="portal-email" className="block font-medium text-slate-900">
          Email
        </label>
        <input
          id="portal-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          className="focus-visible:ring-brand-700 w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:ring-2 focus-visible:outline-none"
        />
        <button
          type="submit"
          className="bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-700 w-full rounded-md px-4 py-3 font-semibold text-white focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none sm:w-auto"
        >
          E-mail me a sign-in link
        </button>
      </form>
      <PasskeySignIn />
    </div>
  );
}
