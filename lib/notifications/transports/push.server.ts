import 'server-only';
import webPush from 'web-push';
import type { DB } from '../../db/connect.server';
import { vapidKeys } from '../../push/vapid-keys.server';
import { DeliveryError, type Transport } from './types';

/**
 * Web push (RFC 8030) with the `web-push` package: it encrypts the payload for the device
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); we send the request ourselves with
 * fetch, which keeps one HTTP client and timeout for every transport (and lets a test's stand-in
 * push service listen on plain HTTP). The subscription is read when sending, so a device removed
 * since the alert was written is never sent to. A push service that answers 404 or 410 says the
 * subscription is gone for good: the row is deleted and the alert fails without retry.
 */

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
    async send({ subscriptionId, title, body, url, tag }) {
      const conn = await db();
      const sub = await conn.selectFrom('push_subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
      if (!sub) throw new DeliveryError('Push: the device turned alerts off (its subscription is gone)', false);
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
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: 'POST',
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new DeliveryError(`Push: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      await response.body?.cancel();
      if (response.ok) {
        await conn
          .updateTable('push_subscriptions')
          .set({ last_used_at: new Date().toISOString() })
          .where('id', '=', sub.id)
          .execute();
        return;
      }
      if (response.status === 404 || response.status === 410) {
        await conn.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        throw new DeliveryError(`Push: the push service no longer knows this device (${response.status}); it was removed`, false);
      }
      // Too many requests, a timeout or the service's own trouble pass; any other refusal repeats.
      const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
      throw new DeliveryError(`Push: the push service answered ${response.status}`, retryable);
    },
  };
}
