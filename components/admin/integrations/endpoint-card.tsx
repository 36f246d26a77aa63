'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { toastResult } from '@/components/admin/team/toast-result';
import type { Delivery } from '@/lib/notifications/delivery-types';
import type { WebhookEndpoint } from '@/lib/webhooks/events';
import { deleteWebhookAction, toggleWebhookAction } from '@/lib/webhooks/actions/endpoints';
import { DeliveryLog } from './delivery-log';

const button = 'rounded-md border border-slate-400 bg-white px-3 py-1.5 font-medium hover:bg-slate-100 disabled:opacity-60';

/** One endpoint: where it posts, what, whether it is on; turn it off or on, delete it, its newest deliveries. */
export function EndpointCard({ endpoint, deliveries }: { endpoint: WebhookEndpoint; deliveries: Delivery[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const name = endpoint.description || endpoint.url;
  const titleId = `endpoint-${endpoint.id}`;

  const toggle = () =>
    startTransition(async () => void toastResult(await toggleWebhookAction({ id: endpoint.id, enabled: !endpoint.enabled })));
  const remove = () => {
    if (!window.confirm(`Delete the endpoint ${endpoint.url}? It receives nothing more; its deliveries stay in the log.`)) return;
    startTransition(async () => void toastResult(await withStepUp(() => deleteWebhookAction({ id: endpoint.id }))));
  };

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-300 p-4" data-testid="endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-brand-900 text-lg font-semibold break-words">
            {name}
          </h3>
          {endpoint.description && <p className="text-sm break-all text-slate-800">{endpoint.url}</p>}
          <p className="text-sm text-slate-700">
            {endpoint.events.join(', ')} ·{' '}
            <strong className={endpoint.enabled ? 'text-emerald-900' : 'text-red-900'}>{endpoint.enabled ? 'On' : 'Off'}</strong>
            {endpoint.fromEnv && ' · set by LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET'}
          </p>
        </div>
        {!endpoint.fromEnv && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={button}
              disabled={pending}
              onClick={toggle}
              aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${name}`}
            >
              {endpoint.enabled ? 'Turn off' : 'Turn on'}
            </button>
            <button
              type="button"
              disabled={pending}
              onClick={remove}
              aria-label={`Delete ${name}`}
              className="rounded-md border border-red-700 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
            >
              Delete
            </button>
          </div>
        )}
      </div>
      <h4 className="font-semibold text-slate-900">Recent deliveries</h4>
      <DeliveryLog
        deliveries={deliveries}
        empty="Nothing sent yet."
        labelOf={(d) => `${d.event ?? 'Event'} for lead …${d.subjectId.slice(-6)}`}
        linkToLead
        onResent={(result) => {
          if (toastResult(result)) router.refresh();
        }}
      />
    </article>
  );
}
