import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { recipientDeliveries } from '@/lib/notifications/deliveries.server';
import { listEndpoints } from '@/lib/webhooks/endpoints.server';
import { EndpointCard } from './endpoint-card';
import { EndpointForm } from './endpoint-form';

/** How many of an endpoint's newest deliveries Integrations lists. */
const RECENT = 10;

/** Integrations > Webhooks: each endpoint with its newest deliveries, and a form to add one. */
export async function WebhooksSection({ context }: { context: AdminContext }) {
  const endpoints = await listEndpoints(context.db);
  const recent = await Promise.all(endpoints.map((e) => recipientDeliveries(context.db, `webhook:${e.id}`, RECENT)));
  return (
    <section aria-labelledby="webhooks-title" className="space-y-6">
      <div>
        <h2 id="webhooks-title" className="text-brand-900 text-xl font-semibold">
          Webhooks
        </h2>
        <p className="mt-1 text-slate-700">
          Each lead can be posted to Zapier, Make or your CRM the moment it arrives and whenever it changes. Requests are signed
          (Standard Webhooks): the receiver checks them with the endpoint&apos;s secret. A receiver that does not answer with a
          2xx is tried again for up to 48 hours.
        </p>
      </div>
      {endpoints.length === 0 ? (
        <p className="text-slate-700">No endpoints yet.</p>
      ) : (
        <ul className="space-y-6">
          {endpoints.map((endpoint, i) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} deliveries={recent[i]!} />
            </li>
          ))}
        </ul>
      )}
      <EndpointForm />
    </section>
  );
}
