'use client';

import { useState, useTransition, type FormEvent } from 'react';
import { CodeField } from '@/components/admin/two-factor/code-field';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import {
  confirmTotpSetUpAction,
  regenerateRecoveryCodesAction,
  startTotpSetUpAction,
  turnOffTotpAction,
} from '@/lib/auth/actions/two-factor';
import { RecoveryCodesView } from './recovery-codes-view';

const primary = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';
const secondary = 'rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70';

interface SetUp {
  qrDataUrl: string;
  secret: string;
}

function toast(result: ActionResult<unknown>) {
  if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
  else showToast({ title: result.title, description: result.error, variant: 'error' });
}

/** The authenticator app: set up (QR code, key, first code), recovery codes, turn off. */
export function TotpPanel({ enabled, recoveryLeft }: { enabled: boolean; recoveryLeft: number }) {
  const [setUp, setSetUp] = useState<SetUp | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [codeError, setCodeError] = useState('');
  const [pending, startTransition] = useTransition();

  const start = () =>
    startTransition(async () => {
      const result = await withStepUp(() => startTotpSetUpAction());
      if (result.ok) setSetUp(result.data);
      else toast(result);
    });

  const turnOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    startTransition(async () => {
      const result = await withStepUp(() => confirmTotpSetUpAction({ code }));
      toast(result);
      if (!result.ok) return setCodeError(result.fieldErrors?.code ?? result.error);
      setCodeError('');
      setSetUp(null);
      setCodes(result.data.recoveryCodes);
    });
  };

  const regenerate = () =>
    startTransition(async () => {
      const result = await withStepUp(() => regenerateRecoveryCodesAction());
      toast(result);
      if (result.ok) setCodes(result.data.recoveryCodes);
    });

  const turnOff = () => {
    if (!window.confirm('Turn off two-factor authentication? Your authenticator app and recovery codes will stop working.'))
      return;
    startTransition(async () => toast(await withStepUp(() => turnOffTotpAction())));
  };

  if (codes) return <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />;

  if (enabled)
    return (
      <div className="space-y-3">
        <p className="text-slate-800">
          <strong className="text-green-800">On:</strong> sign-in asks for a code from your authenticator app.{' '}
          {recoveryLeft === 1 ? '1 recovery code left.' : `${recoveryLeft} recovery codes left.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={regenerate} disabled={pending} className={secondary}>
            Regenerate recovery codes
          </button>
          <button type="button" onClick={turnOff} disabled={pending} className={secondary}>
            Turn off
          </button>
        </div>
      </div>
    );

  if (!setUp)
    return (
      <button type="button" onClick={start} disabled={pending} className={primary}>
        Set up two-factor authentication
      </button>
    );

  return (
    <form onSubmit={turnOn} noValidate className="max-w-md space-y-4">
      <p className="text-slate-800">Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server, nothing to optimize */}
      <img
        src={setUp.qrDataUrl}
        alt="QR code for adding Construction Loan Pros to an authenticator app"
        width={200}
        height={200}
        className="rounded-md border border-slate-200"
      />
      <p className="text-sm text-slate-700">
        Can&apos;t scan it? Enter this key in the app instead:{' '}
        <code data-testid="totp-secret" className="font-mono font-semibold break-all text-slate-900">
          {setUp.secret}
        </code>
      </p>
      <div>
        <CodeField id="totp-setup-code" recovery={false} describedBy={codeError ? 'totp-setup-error' : undefined} />
        {codeError && (
          <p id="totp-setup-error" className="mt-1 text-sm text-red-800">
            {codeError}
          </p>
        )}
      </div>
      <button type="submit" disabled={pending} className={primary}>
        Turn on
      </button>
    </form>
  );
}
