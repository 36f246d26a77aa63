import type { IncomingMessage, ServerResponse } from 'node:http';
import { ONE_CLICK, TOKEN_PARAM, UNSUBSCRIBE_BODY_LIMIT, UNSUBSCRIBE_PATH } from '../lib/consent/paths';
import { applyUnsubscribe, type UnsubscribeStep } from '../lib/consent/unsubscribe.server';
import type { DB } from '../lib/db/connect.server';
import { getDb } from '../lib/db/index.server';
import { logger } from '../lib/log.server';
import { checkBody, mediaType, readBody, REFUSALS, type Refusal } from './request-guard';
import { header, sameSite } from './same-site';

/**
 * POSTs to an e-mail's unsubscribe link (`/unsubscribe?t=<token>`, lib/consent/), answered by the
 * server itself: Next would render the page for a POST that is no Server Action.
 *
 * - A mail app's Unsubscribe button (RFC 8058): the body is exactly `List-Unsubscribe=One-Click`
 *   (URL-encoded or multipart), sent with no cookies and no Origin. That one form, and only it,
 *   passes without the same-origin check: the token alone says whose address it is, and all it
 *   can do is stop mail. The answer is a short text.
 * - The page's buttons (without JavaScript): `step=unsubscribe` or `step=resubscribe`, from the
 *   site's own page (Origin), answered with a 303 back to the page, which shows the outcome.
 *
 * A token that is not ours changes nothing. The body is bounded by its class in ./body-limits.ts.
 */

const ENCODINGS = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const CROSS_SITE: Refusal = { status: 403, message: 'Forms are accepted from this site only.' };
const UNKNOWN_STEP: Refusal = { status: 400, message: 'The form asks for nothing this page does.' };
const TOO_LARGE: Refusal = {
  status: 413,
  message: `The request is too large: at most ${UNSUBSCRIBE_BODY_LIMIT / 1024} KB may be sent.`,
};
const INVALID_LINK: Refusal = { status: 400, message: 'This unsubscribe link is not valid.' };
const DONE = 'Unsubscribed: no more e-mails will be sent to this address.';

const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0];

export function isUnsubscribePost(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && pathOf(url) === UNSUBSCRIBE_PATH;
}

async function valuesOf(contentType: string | undefined, body: Buffer): Promise<[string, string][]> {
  if (mediaType(contentType) === 'multipart/form-data') {
    const form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType! } }).formData();
    return [...form].map(([name, value]) => [name, typeof value === 'string' ? value : '']);
  }
  return [...new URLSearchParams(body.toString('utf8'))];
}

/** The RFC 8058 body: one field, exactly List-Unsubscribe=One-Click. */
const isOneClick = (values: [string, string][]) =>
  values.length === 1 && values[0]![0] === ONE_CLICK.name && values[0]![1] === ONE_CLICK.value;

function stepOf(values: [string, string][]): UnsubscribeStep | null {
  const step = values.find(([name]) => name === 'step')?.[1];
  return step === 'unsubscribe' || step === 'resubscribe' ? step : null;
}

type Answer = { status: number; text: string } | { status: 303; location: string };

const refused = (refusal: Refusal): Answer => ({ status: refusal.status, text: refusal.message });

async function answer(
  req: IncomingMessage,
  site: { siteUrl: string; trustProxy: boolean },
  db: () => Promise<DB>,
): Promise<Answer> {
  const length = header(req, 'content-length');
  if (length !== undefined && !/^\d+$/.test(length)) return refused(REFUSALS.badLength);
  if (Number(length ?? 0) > UNSUBSCRIBE_BODY_LIMIT) return refused(TOO_LARGE);
  const contentType = header(req, 'content-type');
  if (!ENCODINGS.includes(mediaType(contentType))) return refused(REFUSALS.encoding);
  const body = await readBody(req, UNSUBSCRIBE_BODY_LIMIT);
  if (!body) return refused(TOO_LARGE);
  if (checkBody(contentType, body, ENCODINGS)) return refused(REFUSALS.malformed);
  const values = await valuesOf(contentType, body).catch(() => null);
  if (!values) return refused(REFUSALS.malformed);
  const token = new URL(req.url ?? '/', 'http://unsubscribe.invalid').searchParams.get(TOKEN_PARAM) ?? '';

  if (isOneClick(values)) {
    if (!(await applyUnsubscribe(await db(), token, 'one-click'))) return refused(INVALID_LINK);
    logger.info({ event: 'consent.unsubscribed', via: 'one-click' }, 'An address unsubscribed');
    return { status: 200, text: DONE };
  }
  if (!sameSite(req, site)) return refused(CROSS_SITE);
  const step = stepOf(values);
  if (!step) return refused(UNKNOWN_STEP);
  const done = await applyUnsubscribe(await db(), token, step);
  if (done) logger.info({ event: 'consent.unsubscribed', via: step }, 'An unsubscribe link was used');
  // Back to the page, which shows the outcome (or that the link is not valid).
  const query = new URLSearchParams({ [TOKEN_PARAM]: token, ...(done && { done: step }) });
  return { status: 303, location: `${UNSUBSCRIBE_PATH}?${query}` };
}

/** Answers one POST to /unsubscribe: plain text, or a 303 back to the page. */
export async function answerUnsubscribePost(
  req: IncomingMessage,
  res: ServerResponse,
  site: { siteUrl: string; trustProxy: boolean },
  db: () => Promise<DB> = getDb,
): Promise<void> {
  const send = (result: Answer) => {
    // Read and drop what is left of a refused body, so the client sees the answer rather than a reset.
    if (!req.complete) req.resume();
    if ('location' in result) return void res.writeHead(303, { Location: result.location, 'Cache-Control': 'no-store' }).end();
    res.writeHead(result.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(result.text);
  };
  try {
    send(await answer(req, site, db));
  } catch (error) {
    logger.error({ event: 'consent.unsubscribe_failed', err: error }, 'An unsubscribe could not be recorded');
    if (res.headersSent) res.destroy();
    // A 5xx: the mail app (or the person, pressing again) tries later; nothing was recorded.
    else send({ status: 503, text: 'The unsubscribe could not be recorded just now. Please try again.' });
  }
}
