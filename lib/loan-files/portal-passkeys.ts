/**
 * The borrower portal's passkeys (issue 30, point 3), shared by the server (portal-passkeys.server.ts,
 * portal-passkey-sign-in.server.ts, the routes) and the page's components: addresses, limits, and
 * what the page may say.
 */

export const PORTAL_PASSKEY_PATHS = {
  /** Signed in: the options for adding a passkey, then its answer. */
  registerOptions: '/api/portal/passkey/register/options',
  register: '/api/portal/passkey/register',
  /** Signed in: a plain form (it works without JavaScript), answered with a 303 back to the page. */
  remove: '/api/portal/passkey/remove',
  /** Anyone: the options for "Sign in with a passkey", then its answer. */
  signInOptions: '/api/portal/passkey/sign-in/options',
  signIn: '/api/portal/passkey/sign-in',
} as const;

/** Passkeys one loan file may have: a borrower's phone, laptop and a spare, with room to spare. */
export const PORTAL_PASSKEYS_PER_FILE = 10;

/**
 * Adding a passkey needs a sign-in this recent. A passkey outlives the 12-hour session, so a
 * session cookie taken from a browser later in the day must not be enough to plant a lasting
 * way in (as the admin's step-up, issue 28).
 */
export const PASSKEY_ADD_WINDOW_MINUTES = 30;

export const PASSKEY_NAME_MAX = 100;

/** The auth_challenges purpose of a passkey being added; its user is the loan file (deleted with it). */
export const REGISTER_PURPOSE = 'portal-passkey-register';

/** A passkey as the borrower's page lists it. */
export interface PortalPasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the page says after a plain-form removal (`?passkey=<code>`): known codes only, never text from the URL. */
export const PASSKEY_NOTICES = {
  removed: 'The passkey was removed: it no longer signs you in.',
  missing: 'That passkey had already been removed.',
} as const;
export type PasskeyNotice = keyof typeof PASSKEY_NOTICES;

export const isPasskeyNotice = (value: unknown): value is PasskeyNotice =>
  typeof value === 'string' && Object.hasOwn(PASSKEY_NOTICES, value);
