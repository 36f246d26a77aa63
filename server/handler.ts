import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '../lib/db/index.server';
import { logger } from '../lib/log.server';
import type { Env } from '../lib/env-schema';
import { onTagsExpired } from '../lib/cache/expiry-listeners';
import { inFlightRequests } from '../lib/runtime/in-flight-requests';
import { SenderLimit } from '../lib/vitals/sender-limit.server';
import { REQUEST_ID_HEADER, SERVER_CALL_HEADER } from '../lib/http/server-call';
import { stampClientAddress } from './client-address';
import { adminGate } from './admin-gate';
import { answerLeadPost, isLeadPost } from './lead-endpoint';
import { answerUnsubscribePost, isUnsubscribePost } from './unsubscribe-endpoint';
import { answerPortalUpload, isPortalUpload } from './portal-upload';
import { KnownPostSlugs, routeMissingPost } from './missing-post';
import { runPipeline, type Step } from './pipeline';
import { attributionCookie } from './pipeline/attribution-cookie';
import { deferredBoot } from './pipeline/deferred-boot';
import { publicCspStep } from './pipeline/public-csp';
import { sharedCacheLifetime } from './pipeline/cdn-cache-control';
import type { MicroCache } from './pipeline/micro-cache';
import { notFoundStatus } from './pipeline/not-found-status';
import { redirectStatus } from './pipeline/redirect-status';
import { securityHeaders } from './pipeline/security-headers';
import { bodyGate } from './body-gate';
import type { BootScript } from './deferred-boot/boot-script';
import { isPagePost } from './request-guard';
import { SERVER_TOKEN_HEADER } from './internal-calls';
import { isCollectorRequest, type CollectorAsset } from './vitals/collector-asset';
import { isLiveScriptRequest, type LiveScripts } from './calculators/live-scripts';
import { calculatorPageStep, forRequestOf } from './calculators/query-page';
import { answerMetrics, isMetricsRequest } from './metrics-endpoint';
import { routeClass } from './route-class';
import { countRequest } from '../lib/metrics/registry';
import { answerVitalsPost, isVitalsPost } from './vitals/endpoint';

type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The path of every request, from the socket to the app:
 *
 * 1. The client's address is decided and stamped, and every header a visitor must not set is
 *    removed (./client-address.ts).
 * 2. Until start-up has finished, requests wait (only the server's own calls pass).
 * 3. A fresh copy in the micro-cache answers an anonymous page view at once (with the visitor's
 *    own attribution cookie when the visit sets one, ./pipeline/attribution-cookie.ts); a
 *    calculator page with a query is made from the copy of the page without one
 *    (./calculators/query-page.ts), whose query Next never sees.
 * 4. Otherwise the request is counted in flight (lib/runtime/in-flight-requests.ts), the response
 *    pipeline (./pipeline/index.ts) wraps the response, and a request with a body passes the body gate
 *    (./body-gate.ts): the limits table (./body-limits.ts) refuses an oversized body by its
 *    declared length or as it streams in, before anything reads it; then
 *    - a lead form's post is answered by the lead endpoint (./lead-endpoint.ts), without Next;
 *    - a borrower's or builder's document upload streams to the encrypted store
 *      (./portal-upload.ts), without Next, which would take the body whole;
 *    - a page's Web Vitals report (./vitals/endpoint.ts) and the collector script that sends it
 *      (./vitals/collector-asset.ts) likewise, and the calculators' live scripts
 *      (./calculators/live-scripts.ts);
 *    - a POST to an e-mail's unsubscribe link, a mail app's one-click or the page's buttons
 *      (./unsubscribe-endpoint.ts), likewise: Next would render the page instead;
 *    - a post to a page (a Server Action) must also be an intact form (./request-guard.ts);
 *    - an admin section the signed-in account's role does not include is refused with a 403
 *      (./admin-gate.ts), since Next's own refusal arrives inside a streamed 200; /admin, the
 *      Overview, is a plain 307 to /login or to the role's first section for anyone it is not for;
 *    - a page request for a blog post that does not exist is pointed at the post's not-found page
 *      (./missing-post.ts), so its 404 is in the HTML;
 *    - everything else goes to Next, which renders pages and runs route handlers and actions.
 */
export function createHandler(options: {
  app: NextHandler;
  microCache: MicroCache;
  env: Env;
  serverToken: string;
  collector: CollectorAsset | null;
  /** The calculators' live scripts (./calculators/live-scripts.ts). */
  liveScripts?: LiveScripts;
  /** The deferred boot's inline script (./deferred-boot/boot-script.ts); null: pages keep Next's scripts at load. */
  boot: BootScript | null;
  /** `npm run dev`: pages keep the development policy (hot reload runs inline code and eval). */
  dev?: boolean;
}) {
  const { app, microCache, env, serverToken, collector, liveScripts, boot, dev = false } = options;
  const inFlight = inFlightRequests();
  const site = { siteUrl: env.SITE_URL, trustProxy: env.TRUST_PROXY };
  const vitals = { site, limit: new SenderLimit(getDb, env.VITALS_LIMIT_PER_MINUTE) };
  const attribution = attributionCookie(site);
  const steps: Step[] = [
    notFoundStatus,
    securityHeaders(site),
    redirectStatus,
    sharedCacheLifetime,
    attribution.step,
    ...(boot ? [deferredBoot(boot)] : []),
    // After the deferred boot: the policy names the scripts of the page as it is sent.
    ...(dev ? [] : [publicCspStep({ log: logger, boot })]),
    // After the policy: filling a calculator's slot changes only its body, which holds no script.
    calculatorPageStep(logger),
    microCache.step,
  ];
  const gate = adminGate(env);
  const bodies = bodyGate({ signedIn: gate.signedIn });
  const postSlugs = new KnownPostSlugs();
  onTagsExpired(() => postSlugs.forget());

  let admitted = false;
  const waiting: (() => void)[] = [];

  function serve(req: IncomingMessage, res: ServerResponse): void {
    res.once('finish', () => countRequest(routeClass(req.url), res.statusCode));
    if (!isLeadPost(req.method, req.url) && microCache.answer(req, res, attribution.headersFor, forRequestOf(req))) return;
    // Counted while in flight, so a cache expiry can wait for the renders that began before it.
    const id = inFlight.begin();
    req.headers[REQUEST_ID_HEADER] = String(id);
    res.once('close', () => inFlight.end(id));
    runPipeline(req, res, steps);
    if (!bodies.classOf(req)) return route(req, res);
    // The server's own endpoints read their bodies themselves, within the same limits.
    const reader =
      isLeadPost(req.method, req.url) ||
      isVitalsPost(req.method, req.url) ||
      isPortalUpload(req.method, req.url) ||
      isUnsubscribePost(req.method, req.url)
        ? 'caller'
        : 'next';
    bodies.admit(req, res, { reader, forms: isPagePost(req.method, req.url) }).then(
      (admitted) => void (admitted && route(admitted, res)),
      () => res.destroy(),
    );
  }

  function route(req: IncomingMessage, res: ServerResponse): void {
    if (isLeadPost(req.method, req.url)) return void answerLeadPost(req, res, site);
    if (isVitalsPost(req.method, req.url)) return void answerVitalsPost(req, res, vitals);
    if (isPortalUpload(req.method, req.url)) return void answerPortalUpload(req, res, site);
    if (isUnsubscribePost(req.method, req.url)) return void answerUnsubscribePost(req, res, site);
    if (collector && isCollectorRequest(req.url)) return collector.serve(req, res);
    if (liveScripts && isLiveScriptRequest(req.url)) return liveScripts.serve(req, res);
    if (isMetricsRequest(req.url)) return void answerMetrics(req, res, { token: env.METRICS_TOKEN, db: getDb });
    if (gate.applies(req)) {
      gate.admits(req, res).then(
        (admitted) => void (admitted && app(req, res)),
        () => res.destroy(),
      );
      return;
    }
    routeMissingPost(req, getDb, postSlugs).then(
      () => app(req, res),
      () => res.destroy(),
    );
  }

  function handler(req: IncomingMessage, res: ServerResponse): void {
    const serverCall = carriesToken(req.headers[SERVER_TOKEN_HEADER], serverToken);
    stampClientAddress(req, env.TRUST_PROXY);
    if (serverCall) req.headers[SERVER_CALL_HEADER] = '1';
    if (admitted || serverCall) serve(req, res);
    else waiting.push(() => serve(req, res));
  }

  /** Lets the requests that waited for start-up in, and every later one at once. */
  function admit(): void {
    admitted = true;
    for (const release of waiting.splice(0)) release();
  }

  return { handler, admit };
}

function carriesToken(given: string | string[] | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}
