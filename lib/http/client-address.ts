/**
 * The header carrying the client's address from the start script to the app. scripts/start.ts
 * always overwrites it with the socket's address, so a visitor cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-clp-client-address';

/**
 * The address sign-in limits are counted against. Behind a reverse proxy (TRUST_PROXY) it is the
 * last X-Forwarded-For entry, the one our proxy appended; entries further left are the
 * visitor's own claims. Otherwise it is the socket's address.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  return headers.get(CLIENT_ADDRESS_HEADER) || 'unknown';
}
