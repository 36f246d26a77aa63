import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '../../lib/db/index.server';
import { CLIENT_ADDRESS_HEADER } from '../../lib/http/client-address';
import { isSameOrigin } from '../../lib/http/origin';
import { logger } from '../../lib/log.server';
import { VITALS_ENDPOINT } from '../../lib/vitals/paths';
import { recordReport, type RecordResult } from '../../lib/vitals/record.server';
import { parseReport, type VitalsReport } from '../../lib/vitals/report';
import { VITALS_BODY_LIMIT } from '../body-limits';
import { mediaType, readBody, type Refusal } from '../request-guard';

/**
 * The Web Vitals endpoint: `POST /api/vitals`, where each public page's collector sends its
 * metrics with navigator.sendBeacon when the page is hidden (lib/vitals/client/collector.ts).
 * Answered by the server itself, like the lead endpoint (ADR 010): it is the most frequent post of
 * the site, one per page view, and through Next even a route handler would cost each one a
 * millisecond or more of the one JavaScript thread. It answers 204 once the report is stored;
 * anything else is refused with a 4xx and a plain-text reason, and nothing is stored. It neither
 * reads nor sets a cookie, and keeps nothing about the sender: the address only counts, hashed, against
 * the per-minute allowance every instance shares (lib/vitals/sender-limit.server.ts).
 */

/** A report is a few hundred bytes; anything much larger is not one (the server's limits table). */
export const REPORT_BODY_LIMIT = VITALS_BODY_LIMIT;

const refusal = (status: number, message: string): Refusal => ({ status, message });
export const VITALS_REFUSALS = {
  crossSite: refusal(403, 'Reports are accepted from this site’s own pages only.'),
  encoding: refusal(415, 'Send the report as text/plain JSON.'),
  noLength: refusal(411, 'A report must state its length.'),
  badLength: refusal(400, 'Malformed Content-Length.'),
  tooLarge: refusal(413, `A report may be at most ${REPORT_BODY_LIMIT} bytes.`),
  limited: refusal(429, 'Too many reports from this address: try again in a minute.'),
} as const satisfies Record<string, Refusal>;

export interface VitalsEndpointOptions {
  site: { siteUrl: string; trustProxy: boolean };
  /** The per-address allowance: false once an address has used up its minute. */
  limit: { allow(address: string): Promise<boolean> };
  /** Stores a parsed report: the server's own database unless a test passes its own. */
  record?: (report: VitalsReport) => Promise<RecordResult>;
}

export function isVitalsPost(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && (url ?? '').split('?', 1)[0] === VITALS_ENDPOINT;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Only the site's own pages may report: the browser's Origin must be the site, and where the
 * browser says where the request comes from (Sec-Fetch-Site), it must say the same origin.
 */
function fromOwnPage(req: IncomingMessage, site: VitalsEndpointOptions['site']): boolean {
  const fetchSite = header(req, 'sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const headers = new Headers();
  for (const name of ['origin', 'host', 'x-forwarded-host']) {
    const value = header(req, name);
    if (value) headers.set(name, value);
  }
  return isSameOrigin(headers, site.siteUrl, site.trustProxy);
}

function checkHead(req: IncomingMessage, options: VitalsEndpointOptions): Refusal | null {
  if (!fromOwnPage(req, options.site)) return VITALS_REFUSALS.crossSite;
  if (mediaType(header(req, 'content-type')) !== 'text/plain') return VITALS_REFUSALS.encoding;
  const length = header(req, 'content-length');
  if (length === undefined) return VITALS_REFUSALS.noLength;
  if (!/^\d+$/.test(length)) return VITALS_REFUSALS.badLength;
  if (Number(length) > REPORT_BODY_LIMIT) return VITALS_REFUSALS.tooLarge;
  return null;
}

const serverRecord = async (report: VitalsReport) => recordReport(report, { db: await getDb(), now: new Date(), log: logger });

async function answer(req: IncomingMessage, options: VitalsEndpointOptions): Promise<Refusal | null> {
  // The address is stamped by the server for every request (../client-address.ts), never the visitor's.
  const refused =
    checkHead(req, options) ??
    ((await options.limit.allow(header(req, CLIENT_ADDRESS_HEADER) ?? 'unknown')) ? null : VITALS_REFUSALS.limited);
  if (refused) {
    req.resume(); // read and drop the rest, so the client sees the answer rather than a reset
    return refused;
  }
  const body = await readBody(req, REPORT_BODY_LIMIT);
  if (!body) return VITALS_REFUSALS.tooLarge;
  const parsed = parseReport(body.toString('utf8'));
  if (!parsed.ok) return parsed;
  const recorded = await (options.record ?? serverRecord)(parsed.report);
  return recorded.ok ? null : recorded;
}

/** Answers one POST to the endpoint: 204, or a refusal's status with its reason as plain text. */
export async function answerVitalsPost(req: IncomingMessage, res: ServerResponse, options: VitalsEndpointOptions): Promise<void> {
  const send = (status: number, message?: string) => {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    if (message) headers['Content-Type'] = 'text/plain; charset=utf-8';
    res.writeHead(status, headers).end(message);
  };
  try {
    const refused = await answer(req, options);
    if (refused) send(refused.status, refused.message);
    else send(204);
  } catch (error) {
    logger.error({ event: 'vitals.store_failed', err: error }, 'A Web Vitals report could not be stored');
    if (res.headersSent) res.destroy();
    else send(503, 'The report could not be stored.');
  }
}
