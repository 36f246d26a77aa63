/**
 * The pages field data is kept for: the public pages of the spec and each blog post. A report
 * names its page by path; anything else (an admin page, a made-up URL, a 404) is refused, so no
 * one can fill the Site Speed table with pages the site does not have.
 */

export const MEASURED_PAGES = [
  '/',
  '/rates',
  '/blog',
  '/ebook',
  '/apply',
  '/contact',
  '/privacy',
  '/licenses',
  '/payment-success',
] as const;

/** A blog post's path, as lib/posts/schema.ts makes slugs (lower-case ASCII words and hyphens). */
const POST_PATH = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const MAX_PATH = 200;

export type MeasuredPage = { path: string; postSlug: null } | { path: string; postSlug: string };

/**
 * The page a report is about, normalised (no query string or fragment, no trailing slash), or
 * null when it is not one of the site's pages. A post's slug still has to exist (the caller asks
 * the database).
 */
export function measuredPage(raw: string): MeasuredPage | null {
  let path = raw.split(/[?#]/, 1)[0]!;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (path.length === 0 || path.length > MAX_PATH) return null;
  if ((MEASURED_PAGES as readonly string[]).includes(path)) return { path, postSlug: null };
  const post = POST_PATH.exec(path);
  return post ? { path, postSlug: post[1]! } : null;
}
