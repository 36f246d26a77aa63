import type { IncomingMessage } from 'node:http';
import { CLIENT_ADDRESS_HEADER, INTERNAL_HEADER_PREFIX } from '../lib/http/client-address';

/**
 * Decides who sent a request, before anything else reads it. Without TRUST_PROXY the socket's
 * address is the client and every forwarding header is the visitor's own claim, so they are
 * removed (Next would otherwise believe X-Forwarded-Host and -Proto). With TRUST_PROXY (exactly one
 * reverse proxy in front) the client is the last X-Forwarded-For entry, the one our proxy appended;
 * entries further left are the visitor's claims. Any header in our own namespace is removed in
 * both cases, then the server's answer is set for the app (lib/http/client-address.ts).
 */

const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-real-ip',
];

function lastForwardedFor(req: IncomingMessage): string | undefined {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  return value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
}

export function stampClientAddress(req: IncomingMessage, trustProxy: boolean): string {
  for (const name of Object.keys(req.headers)) if (name.startsWith(INTERNAL_HEADER_PREFIX)) delete req.headers[name];
  const address = (trustProxy && lastForwardedFor(req)) || req.socket.remoteAddress || 'unknown';
  if (!trustProxy) for (const name of FORWARDING_HEADERS) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}
