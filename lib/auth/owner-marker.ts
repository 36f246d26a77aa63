/**
 * A non-HttpOnly cookie that only says 'an owner signed in on this browser, worth asking': it
 * grants nothing (every edit checks the real session), it just lets the public pages skip the
 * session request, and the edit-mode download, for everyone else.
 */
export const OWNER_MARKER_COOKIE = 'clp_owner';
