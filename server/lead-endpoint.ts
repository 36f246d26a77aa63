import type { IncomingMessage, ServerResponse } from 'node:http';
import { attributionOfCookies } from '../lib/attribution/visit';
import { estimateAnswerPath } from '../lib/calculators/estimate-status';
import { countLeadSubmission } from '../lib/metrics/registry';
import { CALCULATORS } from '../lib/calculators/registry';
import { CLIENT_ADDRESS_HEADER } from '../lib/http/client-address';
import { LEAD_ENDPOINT_PREFIX, leadKindOfPath } from '../lib/leads/endpoint';
import { CALCULATOR_ID_FIELD, CALCULATOR_QUERY_FIELD } from '../lib/leads/calculator-fields';
import type { LeadResult } from '../lib/leads/fields';
import { formValues } from '../lib/leads/schemas';
import { submitLead } from '../lib/leads/submit.server';
import { checkBody, checkLength, mediaType, readBody, REFUSALS, type Refusal } from './request-guard';
import { header, sameSite } from './same-site';

/**
 * The lead endpoint (lib/leads/endpoint.ts): where a form posts its lead when JavaScript runs, and
 * gets the form's LeadResult as JSON. The server answers it itself, before Next: through Next, even
 * a route handler spends over a millisecond of the one JavaScript thread on routing, Web Request
 * and Response objects and streams for every post (ADR 010). A form posted without JavaScript goes
 * to its Server Action instead; both end in the same `submitLead` (lib/leads/submit.server.ts).
 */

/** How a lead is submitted: `submitLead` with the server's own database and settings, or a test's. */
export type Submit = typeof submitLead;

/** The status of each answer, so logs, proxies and load tests can tell them apart; the body says the rest. */
const STATUS: Record<'ok' | 'invalid' | 'limited' | 'failed', number> = { ok: 200, invalid: 422, limited: 429, failed: 503 };
const ENCODINGS = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const NO_SUCH_FORM: Refusal = { status: 404, message: 'No such form.' };
const CROSS_SITE: Refusal = { status: 403, message: 'Forms are accepted from this site only.' };
const BROKEN: Refusal = { status: 400, message: 'The form could not be received.' };

export function isLeadPost(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && (url ?? '').startsWith(LEAD_ENDPOINT_PREFIX);
}

async function valuesOf(contentType: string | undefined, body: Buffer): Promise<Record<string, string>> {
  if (mediaType(contentType) === 'multipart/form-data') {
    return formValues(await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType! } }).formData());
  }
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) values[name] = value;
  return values;
}

async function answer(
  req: IncomingMessage,
  site: { siteUrl: string; trustProxy: boolean },
  submit: Submit,
): Promise<{ status: number; body: unknown; location?: string }> {
  const kind = leadKindOfPath(req.url ?? '/');
  const refuse = (refusal: Refusal) => {
    req.resume(); // read and drop the rest, so the client sees the answer rather than a reset
    countLeadSubmission(kind ?? 'unknown', 'refused');
    return { status: refusal.status, body: { error: refusal.message } };
  };
  if (!kind) return refuse(NO_SUCH_FORM);
  const tooLarge = checkLength(req.headers);
  if (tooLarge) return refuse(tooLarge);
  if (!sameSite(req, site)) return refuse(CROSS_SITE);
  const contentType = header(req, 'content-type');
  if (!ENCODINGS.includes(mediaType(contentType))) return refuse(REFUSALS.encoding);
  const body = await readBody(req);
  if (!body) return refuse(REFUSALS.tooLarge);
  const bad = checkBody(contentType, body, ENCODINGS);
  if (bad) return refuse(bad);
  const values = await valuesOf(contentType, body).catch(() => null);
  if (!values) return refuse(REFUSALS.malformed);
  const result: LeadResult = await submit(kind, values, {
    // Stamped by the server for every request (./client-address.ts), never the visitor's.
    clientAddress: header(req, CLIENT_ADDRESS_HEADER) ?? 'unknown',
    userAgent: header(req, 'user-agent') ?? '',
    via: 'endpoint',
    fetchMode: header(req, 'sec-fetch-mode') ?? null,
    attribution: attributionOfCookies(header(req, 'cookie')),
  });
  countLeadSubmission(kind, !result || result.ok ? 'stored' : result.reason);
  // 'Email me this estimate' is a plain HTML form (the calculator pages spend no script on it): a
  // browser posting it itself asks for a page, not JSON, and is sent back to its calculator page
  // with the outcome (lib/calculators/estimate-status.ts).
  if (kind === 'calculator' && !wantsJson(req)) {
    const outcome = !result || result.ok ? 'ok' : result.reason;
    const posted = { calculator: values[CALCULATOR_ID_FIELD], query: values[CALCULATOR_QUERY_FIELD] };
    return { status: 303, body: null, location: estimateAnswerPath(CALCULATORS, posted, outcome) };
  }
  return { status: result ? STATUS[result.ok ? 'ok' : result.reason] : 200, body: result };
}

const wantsJson = (req: IncomingMessage) => (header(req, 'accept') ?? '').includes('application/json');

/** Answers one POST to the lead endpoint with JSON: the form's LeadResult, or `{ error }` for a refusal. */
export async function answerLeadPost(
  req: IncomingMessage,
  res: ServerResponse,
  site: { siteUrl: string; trustProxy: boolean },
  submit: Submit = submitLead,
): Promise<void> {
  const send = ({ status, body, location }: { status: number; body: unknown; location?: string }) =>
    location
      ? res.writeHead(status, { Location: location, 'Cache-Control': 'no-store' }).end()
      : res
          .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
          .end(JSON.stringify(body));
  try {
    send(await answer(req, site, submit));
  } catch {
    // Every failure of the form itself has its answer (a lead not stored gets the 'Uh oh!' result):
    // what is left is a broken request, which the form answers with its 'Uh oh!' toast.
    if (res.headersSent) res.destroy();
    else send({ status: BROKEN.status, body: { error: BROKEN.message } });
  }
}
