import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '../lib/http/client-address';
import { BASE_HEADERS } from '../lib/http/security-headers';
import { answerLeadPost } from '../lib/leads/lead-post.server';
import { checkHeaders, readBody } from './request-guard';

/**
 * The lead endpoint (lib/leads/endpoint.ts) answered by the start script itself, before Next.
 * Through Next, even a route handler spends over a millisecond of the one JavaScript thread on
 * routing, Web Request and Response objects and streams for every post; here a lead costs the
 * body, the form's validation, the rate-limit count and its share of a group commit. The answer
 * is the same as the route handler's (app/api/leads/[kind]/route.ts): both run lead-post.server.ts.
 *
 * Imported by the start script after scripts/node-hooks.mjs, which lets it load `server-only` modules.
 */

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  ...Object.fromEntries(BASE_HEADERS.map(({ key, value }) => [key, value])),
};

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function answerLeadRequest(
  req: IncomingMessage,
  res: ServerResponse,
  site: { siteUrl: string; trustProxy: boolean },
): Promise<void> {
  const send = (status: number, body: string) => res.writeHead(status, JSON_HEADERS).end(body);
  try {
    const refusal = checkHeaders(req.headers);
    if (refusal) {
      req.resume(); // read and drop the rest, so the client sees the answer rather than a reset
      return void send(refusal.status, JSON.stringify({ error: refusal.message }));
    }
    const body = await readBody(req);
    if (!body) return void send(413, JSON.stringify({ error: 'The form is too large.' }));
    // Only the headers the sender's address is read from (see lib/http/client-address.ts).
    const addressHeaders = new Headers();
    for (const name of [CLIENT_ADDRESS_HEADER, 'x-forwarded-for']) {
      const value = header(req, name);
      if (value) addressHeaders.set(name, value);
    }
    const answer = await answerLeadPost(
      {
        path: req.url ?? '/',
        contentType: header(req, 'content-type'),
        body,
        origin: header(req, 'origin'),
        host: header(req, 'host'),
        clientAddress: clientAddress(addressHeaders, site.trustProxy),
        userAgent: header(req, 'user-agent') ?? '',
      },
      site,
    );
    send(answer.status, answer.body);
  } catch {
    // answerLeadPost answers every failure of the form itself (a lead not stored gets the 'Uh oh!'
    // result): what is left is a broken request, which the form answers with its 'Uh oh!' toast.
    if (res.headersSent) res.destroy();
    else send(400, JSON.stringify({ error: 'The form could not be received.' }));
  }
}
