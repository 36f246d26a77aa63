/**
 * The step-up confirmation page (/admin/confirm?next=...) and the only places it may send the
 * browser back to: paths of this site's admin and its admin routes. Anything else (another site,
 * `//evil.example`, a backslash trick, dot segments that climb out of /admin) falls back to the
 * dashboard.
 *
 * The check is made on the path we answer, after the URL parser has resolved dot segments,
 * decoded `%2e`, dropped tabs and newlines and turned backslashes into slashes: testing what was
 * received and answering something else let `/admin/..//evil.example` through as
 * `//evil.example`, which a browser reads as another host (issue 28).
 */
export const CONFIRM_PAGE = '/admin/confirm';

const DASHBOARD = '/admin';
const MAX_LENGTH = 2000;
const BASE = 'http://same.invalid';
const ADMIN_PATH = /^\/(?:admin|api\/admin)(?:\/|\?|$)/;

export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > MAX_LENGTH || next.includes('\\')) return DASHBOARD;
  let candidate: string;
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return DASHBOARD;
    candidate = url.pathname + url.search;
  } catch {
    return DASHBOARD;
  }
  return isAdminPath(candidate) ? candidate : DASHBOARD;
}

/**
 * Whether a path may be answered: one of the admin's own, with nothing left in its path part that
 * a browser or a server could still read as a separator or a dot segment (`%2e`, `%2f`, `%5c`),
 * and unchanged when resolved once more, so it means the same wherever it is resolved.
 */
function isAdminPath(path: string): boolean {
  if (path.length > MAX_LENGTH || !ADMIN_PATH.test(path)) return false;
  const pathname = path.split('?', 1)[0]!;
  if (/%(?:2e|2f|5c)/i.test(pathname) || /[\\\s]/.test(pathname) || pathname.startsWith('//')) return false;
  try {
    const again = new URL(path, BASE);
    return again.origin === BASE && again.pathname + again.search === path;
  } catch {
    return false;
  }
}

export function confirmPath(next: string): string {
  return `${CONFIRM_PAGE}?${new URLSearchParams({ next: safeNext(next) }).toString()}`;
}
