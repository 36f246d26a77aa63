import { ADMIN_ICONS, ADMIN_SCOPE } from './admin-app';

/**
 * The admin's service worker. It only shows lead alerts and opens them: no fetch handler, so it
 * never stands between the admin and the network (nothing cached, nothing stale). A push's data is
 * the outbox's push payload ({ title, body, url, tag }, lib/notifications/types.ts); a click opens
 * its url in an open admin window if there is one, else a new one, and only ever an admin path.
 */
export const SERVICE_WORKER_SCRIPT = `'use strict';
const SCOPE = ${JSON.stringify(ADMIN_SCOPE)};
const ICON = ${JSON.stringify(ADMIN_ICONS.small)};

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'New lead';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: ICON,
      data: { url: typeof data.url === 'string' ? data.url : SCOPE + '/leads' },
    }),
  );
});

/** Only a path of this site's admin: a payload cannot send the click elsewhere. */
function adminUrl(value) {
  const url = new URL(value || SCOPE, self.location.origin);
  const inScope = url.origin === self.location.origin && (url.pathname === SCOPE || url.pathname.startsWith(SCOPE + '/'));
  return inScope ? url.href : new URL(SCOPE, self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = adminUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).pathname.startsWith(SCOPE) && 'navigate' in client) {
          await client.focus();
          return client.navigate(target);
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
`;
