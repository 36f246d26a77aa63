'use client';

import { useState, useTransition } from 'react';
import { toastResult } from '@/components/admin/team/toast-result';
import { sendTestEmailAction, sendTestTextAction } from '@/lib/settings/actions/settings';

const SENDS = {
  mail: { label: 'Send a test e-mail', send: () => sendTestEmailAction() },
  sms: { label: 'Send a test text', send: () => sendTestTextAction() },
} as const;

/**
 * "Send a test e-mail" / "Send a test text": one message through the saved settings now, and the
 * provider's own answer in words beside the button ("Delivered to the relay (250 …)", or "connect
 * ECONNREFUSED 127.0.0.1:2599"), announced to screen readers as it arrives.
 */
export function TestSend({
  channel,
  disabled,
}: {
  channel: keyof typeof SENDS;
  /** Why there is nothing to test yet (the button is then off and says so). */
  disabled?: string;
}) {
  const { label, send } = SENDS[channel];
  const id = `test-${channel}`;
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const run = () =>
    startTransition(async () => {
      const result = await send();
      toastResult(result);
      setOutcome({ ok: result.ok, text: result.ok ? (result.message ?? result.title) : result.error });
    });

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={run}
        disabled={pending || Boolean(disabled)}
        aria-describedby={`${id}-outcome`}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70"
      >
        {pending ? 'Sending...' : label}
      </button>
      <p id={`${id}-outcome`} role="status" aria-live="polite" className="min-h-5 text-sm" data-testid={`${id}-outcome`}>
        {pending ? (
          <span className="text-slate-700">Waiting for the provider&apos;s answer (a few seconds at most)...</span>
        ) : outcome ? (
          <span className={outcome.ok ? 'text-green-800' : 'text-red-800'}>
            {!outcome.ok && <strong>Failed: </strong>}
            {outcome.text}
          </span>
        ) : (
          <span className="text-slate-700">{disabled ?? ''}</span>
        )}
      </p>
    </div>
  );
}
