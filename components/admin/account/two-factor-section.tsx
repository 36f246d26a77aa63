import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { hasSecondFactor, secondFactorsOf } from '@/lib/auth/two-factor/factors.server';
import { listPasskeys } from '@/lib/auth/two-factor/passkeys.server';
import { countUnusedRecoveryCodes } from '@/lib/auth/two-factor/recovery-codes.server';
import { isTwoFactorRequired } from '@/lib/auth/two-factor/requirement.server';
import { PasskeysPanel } from './passkeys-panel';
import { TotpPanel } from './totp-panel';

/** 'Two-factor authentication': the account's authenticator app, recovery codes and passkeys. */
export async function TwoFactorSection({ context }: { context: AdminContext }) {
  const { db, account } = context;
  const [factors, passkeys, recoveryLeft, required] = await Promise.all([
    secondFactorsOf(db, account.id),
    listPasskeys(db, account.id),
    countUnusedRecoveryCodes(db, account.id),
    isTwoFactorRequired(db),
  ]);
  return (
    <section aria-labelledby="two-factor-title" className="space-y-6">
      <div>
        <h2 id="two-factor-title" className="text-brand-900 text-xl font-semibold">
          Two-factor authentication
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">
          A second step after your password: a code from an authenticator app on your phone, or a passkey. Someone who learns your
          password still cannot sign in.
        </p>
      </div>
      {required && !hasSecondFactor(factors) && (
        <p role="alert" className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <strong>Two-factor authentication is required for every account.</strong> Set it up here to use the rest of the
          dashboard.
        </p>
      )}
      <TotpPanel enabled={factors.totp} recoveryLeft={recoveryLeft} />
      <PasskeysPanel passkeys={passkeys} />
    </section>
  );
}
