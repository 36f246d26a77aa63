/**
 * The borrower portal's session cookie (apart from the admin's: a borrower's sign-in opens their own
 * loan file and nothing of the admin). `__Host-` (Secure, host-only, path /) when the site is served
 * over https; browsers refuse that prefix over http, where the plain name is used.
 */
export const PORTAL_COOKIE = { https: '__Host-clp_portal', http: 'clp_portal' } as const;

export const portalCookieName = (siteUrl: string) => (siteUrl.startsWith('https:') ? PORTAL_COOKIE.https : PORTAL_COOKIE.http);
