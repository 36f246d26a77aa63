/**
 * Security headers. Admin pages are rendered per request and get a nonce-based policy from
 * proxy.ts. Public pages are cached and shared, so a nonce does not fit them: next.config.ts sends
 * a static policy that allows no inline script at all, and the server replaces it on each public
 * HTML page with the page's own policy, which allows the inline scripts it found in that page by
 * their hashes (server/pipeline/public-csp.ts, ADR 027). HSTS is added by the server when the site
 * is served over https.
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

/** What a public page's policy allows inline: base64 SHA-256 hashes, and the nonce of a page rendered for this request. */
export interface InlineSources {
  scripts: readonly string[];
  styles: readonly string[];
  nonce?: string;
}

const sources = (hashes: readonly string[], nonce: string | undefined) =>
  [...hashes.map((hash) => `'sha256-${hash}'`), ...(nonce ? [`'nonce-${nonce}'`] : [])].map((source) => ` ${source}`).join('');

/**
 * The policy of one public page: scripts from the site itself, and inline scripts and style
 * elements only by the hashes (or nonce) given. No inline event handler runs. Style attributes are
 * allowed: React writes a few (a bar's width, a hidden field), they cannot run script, and hashing
 * them needs 'unsafe-hashes', which not every supported browser knows.
 */
export function publicPageCsp({ scripts, styles, nonce }: InlineSources): string {
  return [
    ...common,
    `script-src 'self'${sources(scripts, nonce)}`,
    "script-src-attr 'none'",
    `style-src 'self'${sources(styles, nonce)}`,
    "style-src-attr 'unsafe-inline'",
  ].join('; ');
}

/**
 * The static policy next.config.ts sends with everything but the admin: the strict policy with
 * nothing inline allowed, which the server replaces on each public HTML page (publicPageCsp). In
 * development (`npm run dev`: hot reload, no page rewriting) inline scripts and eval are allowed.
 */
export function publicCsp(dev = false): string {
  if (dev) return [...common, "script-src 'self' 'unsafe-inline' 'unsafe-eval'", "style-src 'self' 'unsafe-inline'"].join('; ');
  return publicPageCsp({ scripts: [], styles: [] });
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
