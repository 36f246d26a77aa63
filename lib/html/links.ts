/**
 * The rich-text editor's link rules (spec section 5), shared by the editor and the server:
 * only http, https, mailto and tel (plus links within the site); anything else becomes a
 * blank address; an address that is an e-mail address gets `mailto:`.
 */

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

/** No quotes or brackets: such text is not an address anyone types, and must never reach an attribute as one. */
const EMAIL = /^[^\s@/:"'<>`]+@[^\s@/:"'<>`]+\.[^\s@/:"'<>`]+$/;

export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** The address a link may carry, or '' (blank) when it is not allowed. */
export function normalizeLinkHref(raw: string): string {
  // Browsers ignore tabs, newlines and control characters inside a scheme ('java\tscript:').
  const href = raw.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (!href) return '';
  if (looksLikeEmail(href)) return `mailto:${href}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme) return (LINK_PROTOCOLS as readonly string[]).includes(scheme) ? href : '';
  // No scheme: a path within the site, or a fragment; '//host' would leave the site unchecked.
  if ((href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || href.startsWith('#')) return href;
  return '';
}
