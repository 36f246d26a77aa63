/**
 * Security headers. Public pages are cached and shared, so their policy is static (set in
 * next.config.ts); admin pages are rendered per request and get a nonce-based policy from
 * proxy.ts. HSTS is added by the start script when the site is served over https.
 */

/** Where forms may post: the site itself and the payment provider's checkout. */
const FORM_ACTION = "'self' https://checkout.stripe.com";

const common = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  `form-action ${FORM_ACTION}`,
  "frame-ancestors 'none'",
];

/** The static policy of cached public pages: Next's inline bootstrap scripts need 'unsafe-inline'. */
export function publicCsp(dev = false): string {
  return [...common, `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`, "style-src 'self' 'unsafe-inline'"].join(
    '; ',
  );
}

/** The per-request policy of admin pages: only scripts carrying this response's nonce run. */
export function adminCsp(nonce: string, dev = false): string {
  return [
    ...common,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // The admin's service worker (push alerts): 'strict-dynamic' would refuse any worker URL.
    "worker-src 'self'",
    // Style attributes (Radix positions toasts with them) cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
  ].join('; ');
}

export const BASE_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self)' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/** HSTS only makes sense (and is only honoured) on https responses. */
export function servedOverHttps(siteUrl: string, forwardedProto: string | undefined, trustProxy: boolean): boolean {
  if (trustProxy && forwardedProto?.split(',')[0]?.trim() === 'https') return true;
  return siteUrl.startsWith('https:');
}
