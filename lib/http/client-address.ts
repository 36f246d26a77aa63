import { launchedByServer } from '../runtime/launched-by-server';

/**
 * The request headers our server reserves for itself. It removes every copy a visitor sends before
 * the app sees the request (server/client-address.ts), then sets its own.
 */
export const INTERNAL_HEADER_PREFIX = 'x-clp-';
/** The client's address as the server determined it: the socket's, or the trusted proxy's entry. */
export const CLIENT_ADDRESS_HEADER = `${INTERNAL_HEADER_PREFIX}client-address`;

/**
 * The address sign-in throttles and lead rate limits count against. Only the server can set it: in
 * a process our server did not start (which instrumentation.ts refuses anyway) every request counts
 * as one unknown client, so a forged header can never buy a visitor a fresh allowance.
 */
export function clientAddress(headers: Headers): string {
  if (!launchedByServer()) return 'unknown';
  return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}
