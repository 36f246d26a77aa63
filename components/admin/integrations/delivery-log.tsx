'use client';

import Link from 'next/link';
import { useTransition } from 'react';
import { formatTime, NOTIFICATION_CLASS, NOTIFICATION_LABELS } from '@/components/admin/leads/format';
import type { ActionResult } from '@/lib/admin/result';
import { resendWebhookAction } from '@/lib/notifications/actions/deliveries';
import { skippedForConsent, type Delivery } from '@/lib/notifications/delivery-types';

const CHANNEL_LABELS: Record<string, string> = { email: 'E-mail', sms: 'Text message', push: 'Push', webhook: 'Webhook' };

/**
 * Deliveries with every attempt (time, transport, the peer's answer) and, for a webhook, 'Resend'
 * (the same message and webhook-id again). Shared by the lead dialog and Integrations.
 */
export function DeliveryLog<D extends Delivery>({
  deliveries,
  labelOf,
  onResent,
  empty,
  linkToLead = false,
}: {
  deliveries: D[];
  /** The heading of each delivery ('Webhook lead.created', 'E-mail to Broker'). */
  labelOf: (delivery: D) => string;
  onResent: (result: ActionResult<undefined>) => void;
  empty: string;
  /** Each delivery links to its lead's dialog (Integrations; the lead dialog is already there). */
  linkToLead?: boolean;
}) {
  const [pending, startTransition] = useTransition();
  if (deliveries.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="space-y-3">
      {deliveries.map((d) => {
        const label = labelOf(d);
        return (
          <li key={d.id} className="rounded-md border border-slate-200 p-3" data-testid="delivery">
            <div className="flex flex-wrap items-center gap-2">
              <strong className="text-slate-900">{label}</strong>
              <span className={`rounded px-2 py-0.5 text-sm ${NOTIFICATION_CLASS[d.status]}`}>
                {skippedForConsent(d) ? 'Not sent (consent withdrawn)' : NOTIFICATION_LABELS[d.status]}
              </span>
              <span className="text-sm text-slate-700">{formatTime(d.createdAt)}</span>
              {linkToLead && (
                <Link
                  href={`/admin/leads?lead=${encodeURIComponent(d.subjectId)}`}
                  prefetch={false}
                  className="text-brand-800 text-sm underline underline-offset-2"
                >
                  Open the lead<span className="sr-only"> of {label}</span>
                </Link>
              )}
              {d.channel === 'webhook' && d.status !== 'skipped' && (
                <button
                  type="button"
                  disabled={pending}
                  aria-label={`Resend ${label}, ${formatTime(d.createdAt)}`}
                  onClick={() => startTransition(async () => onResent(await resendWebhookAction({ id: d.id })))}
                  className="ml-auto rounded-md border border-slate-400 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
                >
                  Resend
                </button>
              )}
            </div>
            {d.status === 'failing' && d.nextAttemptAt && (
              <p className="mt-1 text-sm text-slate-700">Next attempt {formatTime(d.nextAttemptAt)}.</p>
            )}
            {skippedForConsent(d) && <p className="mt-1 text-sm text-slate-800">{d.lastError}</p>}
            {d.attempts.length > 0 ? (
              <ol className="mt-2 list-decimal pl-6 text-sm text-slate-800">
                {d.attempts.map((a, i) => (
                  <li key={i}>
                    {formatTime(a.at)} via {a.transport}: {a.ok ? 'delivered' : a.error}
                  </li>
                ))}
              </ol>
            ) : skippedForConsent(d) ? null : (
              <p className="mt-1 text-sm text-slate-700">
                {d.status === 'skipped' ? 'Held: the lead is suspected spam.' : 'Not tried yet.'}
                {d.lastError && d.status === 'failed' ? ` ${d.lastError}` : ''}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export const channelLabel = (channel: string) => CHANNEL_LABELS[channel] ?? channel;
