import type { IncomingMessage } from 'node:http';
import { publicCsp, publicPageCsp } from '../../lib/http/security-headers';
import { pooledRandomBytes } from '../../lib/runtime/random-pool';
import { EDIT_MODE_STYLES } from '../../lib/site/edit-mode-styles';
import type { BootScript } from '../deferred-boot/boot-script';
import type { Step } from './index';
import { inlineSources, withoutNonces } from './inline-sources';

/**
 * The Content Security Policy of public pages (ADR 027). next.config.ts sends every non-admin
 * response a static policy that allows no inline script or style element. Here, each public HTML
 * page (a response carrying that static policy) is held, its inline scripts are found
 * (./inline-sources.ts), and its policy is replaced with one that allows exactly those the site's
 * own code writes, by their SHA-256 hashes. The policy goes with the page wherever it goes: into
 * the micro-cache (which replays both), to shared caches, to the browser.
 *
 * Pages Next renders for one request (the calculators, /payment, /apply/continue, a 404) also get
 * a nonce: every request is given one in the `Content-Security-Policy` request header, where Next
 * looks for it and writes it on its own scripts, including React's streaming instructions. The
 * policy names it only for a page rendered for that request; a page from Next's page cache holds the
 * nonce of whichever request rendered it first, which is taken out and never named.
 *
 * A 304 goes out without a policy: the browser keeps the one it stored with the page, which names
 * that page's scripts (a 304 carrying the static policy would replace it and block them).
 */

const STATIC_POLICY = publicCsp();
/** Style sheets the site adds to a public page at run time, allowed everywhere by their hash. */
const RUNTIME_STYLES = [EDIT_MODE_STYLES];
/** Refused inline code is logged once per hash and process, so a flood of pages cannot flood the log. */
const MAX_LOGGED = 1000;

export interface PublicCspOptions {
  log: { warn: (data: object, message: string) => void };
  /** The boot script the deferred boot puts into pages; null when it puts none. */
  boot: BootScript | null;
}

export function publicCspStep(options: PublicCspOptions): Step {
  const nonces = new WeakMap<IncomingMessage, string>();
  const logged = new Set<string>();

  /** A response the app sent with the static public policy: a public page, an error page, a public route. */
  const carriesPublicPolicy = (headers: Readonly<Record<string, unknown>>) =>
    headers['content-security-policy'] === STATIC_POLICY;

  return {
    name: 'public page CSP',
    request(req) {
      // Whatever the visitor sent in this header is replaced: the nonce is the server's alone.
      const nonce = Buffer.from(pooledRandomBytes(16)).toString('base64');
      nonces.set(req, nonce);
      req.headers['content-security-policy'] = `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'`;
    },
    head(exchange) {
      if (exchange.status === 304 && carriesPublicPolicy(exchange.app.headers))
        delete exchange.headers['content-security-policy'];
    },
    holdsBody: (exchange) =>
      exchange.status !== 304 &&
      carriesPublicPolicy(exchange.app.headers) &&
      String(exchange.headers['content-type'] ?? '').startsWith('text/html'),
    body(exchange, body) {
      // Only a page rendered for this request may carry its nonce.
      const nonce = exchange.fromPageCache ? undefined : nonces.get(exchange.req);
      const original = body.toString('utf8');
      const html = exchange.fromPageCache ? withoutNonces(original) : original;
      const found = inlineSources(html, { boot: options.boot, nonce, styles: RUNTIME_STYLES });
      exchange.headers['content-security-policy'] = publicPageCsp({
        scripts: found.scripts,
        styles: found.styles,
        nonce: found.usesNonce ? nonce : undefined,
      });
      for (const refused of found.refused) {
        if (logged.has(refused.hash) || logged.size >= MAX_LOGGED) continue;
        logged.add(refused.hash);
        options.log.warn(
          { event: 'csp.inline_refused', path: exchange.req.url, ...refused },
          'A public page carries inline code its policy does not allow: it will not run',
        );
      }
      return html === original ? body : Buffer.from(html, 'utf8');
    },
  };
}
