import 'server-only';
import type { DB } from '../../db/connect.server';
import { outboundPolicy, outboundRequest, RefusedTarget } from '../../http/outbound-request.server';
import { ENV_ENDPOINT_ID } from '../../webhooks/events';
import { endpointTarget } from '../../webhooks/endpoints.server';
import { signedHeaders } from '../../webhooks/signature.server';
import { DeliveryError, type Transport } from './types';

/**
 * Signed webhooks (Standard Webhooks). The endpoint's address and secret are read when sending,
 * so a deleted endpoint is never sent to and a turned-off one waits for nothing. Each attempt is
 * signed with its own timestamp over the message id and body fixed when it was written; any
 * answer but 2xx is retried on the outbox's schedule with the same id (receivers drop repeats).
 *
 * The request goes out through lib/http/outbound-request.server.ts: an endpoint set in the admin
 * must pass the address rules (no private address unless OUTBOUND_ALLOW_PRIVATE); the one the
 * operator configured (LEAD_WEBHOOK_URL) is the operator's choice. No redirect is followed, a few
 * KB of the answer are read, and a receiver has WEBHOOK_TIMEOUT_MS to answer.
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function webhookTransport(db: () => Promise<DB>, now = () => new Date()): Transport<'webhook'> {
  return {
    name: 'webhook',
    channel: 'webhook',
    async send(message) {
      const target = await endpointTarget(await db(), message.endpointId);
      if (!target) throw new DeliveryError('The endpoint was deleted', false);
      if (!target.enabled) throw new DeliveryError('The endpoint is turned off', false);
      const policy = { ...outboundPolicy(), operatorChosen: message.endpointId === ENV_ENDPOINT_ID };
      let answer: { status: number; statusText: string };
      try {
        answer = await outboundRequest(target.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'ConstructionLoanPros-Webhooks/1',
            ...signedHeaders(target.secret, message.messageId, message.body, now()),
          },
          body: message.body,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          policy,
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        if (error instanceof RefusedTarget) throw new DeliveryError(`Webhook not sent: ${detail}`, false);
        throw new DeliveryError(`Webhook network error: ${detail}`, true);
      }
      const status = `${answer.status} ${answer.statusText}`.trim();
      if (answer.status >= 200 && answer.status < 300) return;
      if (answer.status >= 300 && answer.status < 400) {
        const fix = 'redirects are never followed: give the endpoint its final address';
        throw new DeliveryError(`Webhook answered ${status}; ${fix}`, false);
      }
      throw new DeliveryError(`Webhook answered ${status}`, true);
    },
  };
}
