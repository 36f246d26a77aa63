import 'server-only';
import type { DB } from '../../db/connect.server';
import { endpointTarget } from '../../webhooks/endpoints.server';
import { signedHeaders } from '../../webhooks/signature.server';
import { DeliveryError, type Transport } from './types';

/**
 * Signed webhooks (Standard Webhooks). The endpoint's address and secret are read when sending,
 * so a deleted endpoint is never sent to and a turned-off one waits for nothing. Each attempt is
 * signed with its own timestamp over the message id and body fixed when it was written; any
 * answer but 2xx is retried on the outbox's schedule with the same id (receivers drop repeats).
 */
export function webhookTransport(db: () => Promise<DB>, now = () => new Date()): Transport<'webhook'> {
  return {
    name: 'webhook',
    channel: 'webhook',
    async send(message) {
      const target = await endpointTarget(await db(), message.endpointId);
      if (!target) throw new DeliveryError('The endpoint was deleted', false);
      if (!target.enabled) throw new DeliveryError('The endpoint is turned off', false);
      let response: Response;
      try {
        response = await fetch(target.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'ConstructionLoanPros-Webhooks/1',
            ...signedHeaders(target.secret, message.messageId, message.body, now()),
          },
          body: message.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`Webhook network error: ${detail}`, true);
      }
      // The receiver's answer is not read beyond its status; drain it so the connection is freed.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return;
      throw new DeliveryError(`Webhook answered ${response.status} ${response.statusText}`.trim(), true);
    },
  };
}
