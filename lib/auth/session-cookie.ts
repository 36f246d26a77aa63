/**
 * The admin session cookie's names: `__Host-` (Secure, host-only, path /) when the site is served
 * over https; browsers refuse that prefix over http, where the plain name is used. Shared by the
 * session module and proxy.ts, which only looks for either to redirect early.
 */
export const SESSION_COOKIE = { https: '__Host-clp_admin', http: 'clp_admin' } as const;
