'use client';

import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { confirmMethodsAction } from '@/lib/auth/actions/step-up';
import { ConfirmIdentityForm, type ConfirmMethods } from './confirm-identity-form';
import { registerStepUpHost } from './step-up-store';

/**
 * The dashboard's one 'Confirm it's you' dialog, opened by `withStepUp` when an action needs a
 * recent sign-in. Radix keeps focus inside it and gives it back to the button that started the
 * action when it closes.
 */
export function StepUpDialog() {
  const [methods, setMethods] = useState<ConfirmMethods | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpHost(async () => {
        const answer = await confirmMethodsAction();
        setMethods(answer.ok ? answer.data : { totp: false, passkey: false });
        return new Promise<boolean>((resolve) => (settle.current = resolve));
      }),
    [],
  );

  function close(confirmed: boolean) {
    settle.current?.(confirmed);
    settle.current = null;
    setMethods(null);
  }

  return (
    <Dialog.Root open={methods !== null} onOpenChange={(open) => !open && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-brand-900 text-xl font-semibold">Confirm it&apos;s you</Dialog.Title>
          <Dialog.Description className="mt-2 mb-4 text-slate-700">{methods && confirmHint(methods)}</Dialog.Description>
          {methods && <ConfirmIdentityForm methods={methods} onConfirmed={() => close(true)} onCancel={() => close(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What the confirmation asks for, in words (also the /admin/confirm page's). */
export function confirmHint(methods: ConfirmMethods): string {
  const ask = methods.totp
    ? `enter your password and the code from your authenticator app${methods.passkey ? ', or use a passkey' : ''}`
    : methods.passkey
      ? 'use your passkey'
      : 'enter your password again';
  return `For your security, this needs a recent sign-in: ${ask} to continue.`;
}
