import 'server-only';
import webPush from 'web-push';
import type { DB } from '../../db/connect.server';
import { outboundRequest, RefusedTarget } from '../../http/outbound-request.server';
import { pushEndpointProblem } from '../../push/push-services';
import { leadAlertSubscriptions } from '../../push/subscriptions.server';
import { vapidKeys } from '../../push/vapid-keys.server';
import type { PushPayload } from '../types';
import { DeliveryError, type Transport } from './types';

/**
 * Web push (RFC 8030) with the `web-push` package: it encrypts the payload for the device
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the request goes out through
 * lib/http/outbound-request.server.ts, as every request to an address someone other than the
 * operator chose: only to a browser's push service (lib/push/push-services.ts, checked again
 * here for rows stored before the check), never to a private address, no redirect followed, a
 * few KB of the answer read, within PUSH_TIMEOUT_MS.
 *
 * The subscription is read when sending, so a device removed since the alert was written is
 * never sent to. A push service that answers 404 or 410 says the subscription is gone for good:
 * the row is deleted and the alert fails without retry. A lead's alert is written once for every
 * device (a PushFanOut); `expand` turns it into one alert per device when the worker claims it.
 */

/** A push service answers at once; a device's alert must not hold the others up for long. */
export const PUSH_TIMEOUT_MS = 5_000;

export interface PushSettings {
  /** VAPID `sub`: how the push service reaches the sender (an https: URL or mailto:). */
  subject: string;
  /** How long the push service keeps an alert for a device that is offline. */
  ttlSeconds?: number;
  timeoutMs?: number;
}

/** The VAPID subject for this site: its https origin, else a mailto: at its host. */
export function vapidSubject(siteUrl: string): string {
  const url = new URL(siteUrl);
  return url.protocol === 'https:' ? url.origin : `mailto:admin@${url.hostname}`;
}

export function pushTransport(db: () => Promise<DB>, settings: PushSettings): Transport<'push'> {
  return {
    name: 'web-push',
    channel: 'push',
    async expand(payload) {
      if (!('audience' in payload)) return null;
      const { audience: _audience, ...alert } = payload;
      const devices = await leadAlertSubscriptions(await db());
      return devices.map((device) => ({
        recipient: `user:${device.userId}`,
        payload: { subscriptionId: device.id, ...alert } satisfies PushPayload,
      }));
    },
    async send(payload) {
      if (!('subscriptionId' in payload)) throw new DeliveryError('Push: an alert for every device was not expanded', false);
      const { subscriptionId, title, body, url, tag } = payload;
      const conn = await db();
      const sub = await conn.selectFrom('push_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
      if (!sub) throw new DeliveryError('Push: the device turned alerts off (its subscription is gone)', false);
      const problem = pushEndpointProblem(sub.endpoint);
      if (problem) {
        await conn.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        throw new DeliveryError(`Push: ${problem}; the device was removed`, false);
      }
      const keys = await vapidKeys(conn);
      const request = webPush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify({ title, body, url, tag }),
        {
          vapidDetails: { subject: settings.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: settings.ttlSeconds ?? 12 * 60 * 60,
          urgency: 'high',
        },
      );
      let status: number;
      try {
        ({ status } = await outboundRequest(request.endpoint, {
          method: 'POST',
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ? new Uint8Array(request.body) : null,
          timeoutMs: settings.timeoutMs ?? PUSH_TIMEOUT_MS,
        }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // An address the rules refuse stays refused: no retry.
        throw new DeliveryError(`Push: ${message}`, !(error instanceof RefusedTarget));
      }
      if (status >= 200 && status < 300) {
        await conn
          .updateTable('push_subscriptions')
          .set({ last_used_at: new Date().toISOString() })
          .where('id', '=', sub.id)
          .execute();
        return;
      }
      if (status === 404 || status === 410) {
        await conn.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        throw new DeliveryError(`Push: the push service no longer knows this device (${status}); it was removed`, false);
      }
      if (status >= 300 && status < 400) {
        throw new DeliveryError(`Push: the push service answered ${status}, a redirect, which is never followed`, false);
      }
      // Too many requests, a timeout or the service's own trouble pass; any other refusal repeats.
      const retryable = status === 408 || status === 429 || status >= 500;
      throw new DeliveryError(`Push: the push service answered ${status}`, retryable);
    },
  };
}
