/**
 * The browsers' push services: the only hosts a device's push endpoint may name (a
 * PushSubscription's endpoint is chosen by the browser, so any other host was typed by a person,
 * and the server would post to it on every lead). One list, read by the subscription form's
 * schema and by the push transport before each send.
 */
export const PUSH_SERVICES: readonly { host: string; subdomains?: true; browsers: string }[] = [
  // Google's Firebase Cloud Messaging: Chrome, Opera, Samsung Internet and other Chromium browsers.
  { host: 'fcm.googleapis.com', browsers: 'Chrome' },
  // Mozilla's autopush.
  { host: 'updates.push.services.mozilla.com', browsers: 'Firefox' },
  // Apple Push Notification service for the web.
  { host: 'web.push.apple.com', browsers: 'Safari' },
  // Windows Push Notification Services: each endpoint names a regional host, e.g. wns2-by3p.notify.windows.com.
  { host: 'notify.windows.com', subdomains: true, browsers: 'Edge' },
];

/** Whether `hostname` is one of the push services' hosts (a subdomain only where the list says so). */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICES.some((s) => (s.subdomains ? host.endsWith(`.${s.host}`) : host === s.host));
}

/** Why `endpoint` cannot be a device's push endpoint (not https, not a push service's host), or null when it can. */
export function pushEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be an https URL';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL';
  if (url.username || url.password || !isPushServiceHost(url.hostname)) {
    return `Alerts go only through a browser's own push service (${PUSH_SERVICES.map((s) => s.browsers).join(', ')}); this browser offered ${url.host}`;
  }
  return null;
}
