import { launchedByServer } from '../runtime/launched-by-server';
import { INTERNAL_HEADER_PREFIX } from './client-address';

/**
 * What the server tells the app about a request, in headers of its own namespace that it removes
 * from every request it receives before setting them (server/handler.ts), so a visitor can send
 * none of them.
 */

/** Marks the server's own calls to the internal routes (start-up, cache expiry: server/internal-calls.ts). */
export const SERVER_CALL_HEADER = `${INTERNAL_HEADER_PREFIX}server-call`;
/** The request's number among those in flight (lib/runtime/in-flight-requests.ts). */
export const REQUEST_ID_HEADER = `${INTERNAL_HEADER_PREFIX}request-id`;

export function isServerCall(headers: Headers): boolean {
  return launchedByServer() && headers.get(SERVER_CALL_HEADER) === '1';
}

/** This request's number in the server's in-flight list, or null outside the server. */
export function requestIdOf(headers: Headers): number | null {
  const id = launchedByServer() ? Number(headers.get(REQUEST_ID_HEADER)) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}
