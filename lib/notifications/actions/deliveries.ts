'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { leadLogSubjects } from '../../loan-files/mail.server';
import { listEndpoints } from '../../webhooks/endpoints.server';
import { resendWebhook, subjectDeliveries } from '../deliveries.server';
import type { Delivery, LabelledDelivery } from '../delivery-types';
import { wakeOutbox } from '../process-worker.server';

/**
 * The delivery log of a lead (every channel and recipient, each attempt) and 'Resend' of one of
 * its webhooks: for whoever works leads. Resending sends the same message to an endpoint the
 * owner already set up, nothing new leaves.
 */

const id = z.string().trim().min(1).max(32);

/** The recipient in words (webhook endpoints by their description and host, a deleted one as such). */
async function label(deliveries: Delivery[], db: Parameters<typeof listEndpoints>[0]): Promise<LabelledDelivery[]> {
  const endpoints = deliveries.some((d) => d.channel === 'webhook') ? await listEndpoints(db) : [];
  const named = new Map(
    endpoints.map((e) => [`webhook:${e.id}`, [e.description, `(${new URL(e.url).host})`].filter(Boolean).join(' ')]),
  );
  return deliveries.map((d) => ({ ...d, to: recipientLabel(d.recipient, named) }));
}

function recipientLabel(recipient: string, webhooks: Map<string, string>): string {
  if (recipient === 'broker') return 'Broker';
  if (recipient === 'visitor') return 'Visitor';
  if (recipient === 'invitee') return 'Invitee';
  if (recipient === 'devices') return 'Every device with alerts on';
  if (recipient.startsWith('user:')) return 'Team member';
  if (recipient.startsWith('webhook:')) return `Webhook: ${webhooks.get(recipient) ?? 'deleted endpoint'}`;
  return recipient;
}

export const leadDeliveriesAction = adminAction(
  z.object({ id }),
  async ({ id: leadId }, { db }) => {
    const deliveries = await subjectDeliveries(db, await leadLogSubjects(db, leadId));
    return succeed({ title: 'Deliveries', data: await label(deliveries, db) });
  },
  { permission: 'leads' },
);

export const resendWebhookAction = adminAction(
  z.object({ id }),
  async ({ id: deliveryId }, { db, log }) => {
    const resent = await db.transaction().execute(async (trx) => {
      const made = await resendWebhook(trx, deliveryId, new Date());
      if (made && made !== 'sending')
        await log({ action: 'webhook_resent', target: made.leadId, detail: { delivery: deliveryId } }, trx);
      return made;
    });
    if (resent === 'sending')
      return fail(
        '⏳ Being Sent',
        'This webhook is being sent right now. Its result shows here in a moment; resend it then if needed.',
      );
    if (!resent) return fail('❌ Not Resent', 'This delivery was deleted, or belongs to a lead held as spam.');
    wakeOutbox();
    return succeed({ title: '📨 Resending', message: 'The webhook is being sent again, with the same webhook-id.' });
  },
  { permission: 'leads' },
);
