/**
 * The step-up confirmation page (/admin/confirm?next=...) and the only places it may send the
 * browser back to: paths of this site's admin and its admin routes. Anything else (another site,
 * `//evil.example`, a backslash trick) falls back to the dashboard.
 */
export const CONFIRM_PAGE = '/admin/confirm';

export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 2000) return '/admin';
  // One leading slash, no scheme-relative or backslash forms, and only the admin's own paths.
  if (!/^\/(admin|api\/admin)(\/|\?|$)/.test(next) || next.includes('\\')) return '/admin';
  try {
    const url = new URL(next, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return '/admin';
    return url.pathname + url.search;
  } catch {
    return '/admin';
  }
}

export function confirmPath(next: string): string {
  return `${CONFIRM_PAGE}?${new URLSearchParams({ next: safeNext(next) }).toString()}`;
}
