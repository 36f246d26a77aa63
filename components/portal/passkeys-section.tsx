import { PASSKEY_NOTICES, PORTAL_PASSKEY_PATHS, type PasskeyNotice, type PortalPasskey } from '@/lib/loan-files/portal-passkeys';
import { AddPasskey } from './add-passkey';
import { portalDate } from './format';

/**
 * "Sign in faster next time": the borrower's passkeys, each with a Remove button (a plain form:
 * it works without JavaScript), and the way to add one (which needs the browser's WebAuthn).
 */
export function PasskeysSection({
  passkeys,
  canAdd,
  notice,
}: {
  passkeys: PortalPasskey[];
  canAdd: 'yes' | 'stale' | 'limit';
  notice: PasskeyNotice | null;
}) {
  return (
    <section id="passkeys" aria-labelledby="passkeys-heading" className="scroll-mt-4 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="passkeys-heading" className="text-brand-900 text-xl font-bold">
        Sign in faster next time: add a passkey
      </h2>
      <p className="mt-1 text-slate-700">
        A passkey lets this phone or computer sign you in with its fingerprint, face or PIN, without waiting for an e-mail. It
        opens this loan file only, and you can remove it here at any time.
      </p>
      {passkeys.length > 0 && (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <strong className="text-slate-900">{passkey.name}</strong>{' '}
                <span className="text-sm text-slate-700">
                  added {portalDate(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, last used ${portalDate(passkey.lastUsedAt)}` : ''}
                </span>
              </span>
              <form method="post" action={PORTAL_PASSKEY_PATHS.remove}>
                <input type="hidden" name="id" value={passkey.id} />
                <button
                  type="submit"
                  aria-label={`Remove passkey ${passkey.name}`}
                  className="focus-visible:ring-brand-700 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none"
                >
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey canAdd={canAdd} notice={notice ? PASSKEY_NOTICES[notice] : null} />
    </section>
  );
}
