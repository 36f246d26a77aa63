'use server';

import { refresh } from 'next/cache';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { outboundPolicy, refusedTarget } from '../../http/outbound-request.server';
import { createEndpoint, deleteEndpoint, MAX_WEBHOOK_ENDPOINTS, setEndpointEnabled } from '../endpoints.server';
import { WEBHOOK_URL_HINT, webhookCreateSchema, webhookIdSchema, webhookToggleSchema } from '../schemas';

/**
 * Integrations (owner only): webhook endpoints. Adding one sends customer data to a new place and
 * deleting one removes a setting, so both need a recent sign-in (step-up); each is logged.
 */

const GONE = 'This endpoint was deleted elsewhere.';

export const createWebhookAction = adminAction(
  webhookCreateSchema,
  async (input, { db, log }) => {
    // The address rules first (lib/http/outbound-request.server.ts): the owner hears now, not in the delivery log.
    const refused = await refusedTarget(input.url, outboundPolicy());
    if (refused) {
      const url = `${WEBHOOK_URL_HINT} This one cannot be used: ${refused}.`;
      return fail('❌ Not Added', url, { url });
    }
    const created = await db.transaction().execute(async (trx) => {
      const endpoint = await createEndpoint(trx, input, new Date());
      if (endpoint === 'full') return endpoint;
      await log(
        { action: 'webhook_created', target: endpoint.id, detail: { url: input.url, events: input.events.join(' ') } },
        trx,
      );
      return endpoint;
    });
    if (created === 'full') {
      const url = `There are ${MAX_WEBHOOK_ENDPOINTS} endpoints already, the most a site keeps: delete one you no longer use first.`;
      return fail('❌ Not Added', url, { url });
    }
    refresh();
    // The secret goes back to this one answer only: it is stored sealed and never shown again.
    return succeed({
      title: '✅ Endpoint Added',
      message: 'Copy its signing secret now: it is not shown again.',
      data: created,
    });
  },
  {
    permission: 'security',
    stepUp: true,
    invalid: (fieldErrors) => fail('❌ Not Added', Object.values(fieldErrors)[0] ?? 'Please check the form.', fieldErrors),
  },
);

export const toggleWebhookAction = adminAction(
  webhookToggleSchema,
  async ({ id, enabled }, { db, log }) => {
    const url = await db.transaction().execute(async (trx) => {
      const changed = await setEndpointEnabled(trx, id, enabled, new Date());
      if (changed)
        await log({ action: enabled ? 'webhook_enabled' : 'webhook_disabled', target: id, detail: { url: changed } }, trx);
      return changed;
    });
    if (!url) return fail('❌ Not Changed', GONE);
    refresh();
    return succeed({
      title: enabled ? '✅ Endpoint On' : '⏸️ Endpoint Off',
      message: enabled ? `${url} receives new events again.` : `${url} receives no events until it is turned on.`,
    });
  },
  { permission: 'security' },
);

export const deleteWebhookAction = adminAction(
  webhookIdSchema,
  async ({ id }, { db, log }) => {
    const url = await db.transaction().execute(async (trx) => {
      const deleted = await deleteEndpoint(trx, id, new Date());
      if (deleted) await log({ action: 'webhook_deleted', target: id, detail: { url: deleted } }, trx);
      return deleted;
    });
    if (!url) return fail('❌ Not Deleted', GONE);
    refresh();
    return succeed({ title: '🗑️ Endpoint Deleted', message: `${url} receives nothing more. Its deliveries stay in the log.` });
  },
  { permission: 'security', stepUp: true },
);
