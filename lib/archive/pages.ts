import { builtCalculators } from '../calculators/catalog';
import { isOfficerSlug } from '../officers/slug';
import type { ArchiveSource } from './sources';
import type { ArchivedSite, ArchiveVersionRef } from './types';

/**
 * The public pages the archive rebuilds, and which sources each is made of. A calculator page is
 * shown as a visitor lands on it, with no query: the figures it starts from are the first rate
 * and the content's calculator settings, both archived; its words and arithmetic are code, the
 * release's.
 */

export interface ArchivedPageRef {
  /** The public path: '/', '/rates', '/blog/<slug>', '/team/<slug>'. */
  path: string;
  label: string;
}

const FIXED_PAGES: readonly ArchivedPageRef[] = [
  { path: '/', label: 'Home' },
  { path: '/rates', label: 'Rates' },
  { path: '/licenses', label: 'Licenses' },
  { path: '/blog', label: 'Blog' },
  { path: '/team', label: 'Loan officers' },
  { path: '/calculators', label: 'Calculators' },
  ...builtCalculators().map((calculator) => ({ path: calculator.path, label: calculator.title })),
];

/** What each fixed page shows of the site-wide sources (every page shows the content: header, footer). */
const PAGE_SOURCES: Record<string, readonly ArchiveSource[]> = {
  '/': ['content', 'rates'],
  '/rates': ['content', 'rates'],
  '/licenses': ['content', 'rates', 'licenses'],
  '/blog': ['content', 'post'],
  '/team': ['content', 'officers'],
  '/calculators': ['content'],
  // Each calculator starts from the first rate and the owner's settings (lib/calculators/defaults.ts).
  ...Object.fromEntries(builtCalculators().map((calculator) => [calculator.path, ['content', 'rates'] as const])),
};

const POST_PREFIX = '/blog/';
const OFFICER_PREFIX = '/team/';

type PagesOf = Pick<ArchivedSite, 'content' | 'posts' | 'officers'>;

/**
 * The pages of the site at that moment: the fixed ones (once the content is archived), a page per
 * live post and one per published loan officer.
 */
export function archivedPages(site: PagesOf): ArchivedPageRef[] {
  if (!site.content) return [];
  return [
    ...FIXED_PAGES,
    ...site.posts.map((post) => ({ path: `${POST_PREFIX}${post.slug}`, label: `Blog post “${post.title}”` })),
    ...site.officers.map((officer) => ({
      path: `${OFFICER_PREFIX}${officer.slug}`,
      label: `Loan officer “${officer.displayName}”`,
    })),
  ];
}

/** Whether a path is one of the pages every archived site has (home, rates, the calculators…). */
export const isFixedPagePath = (path: string) => FIXED_PAGES.some((page) => page.path === path);

/** Whether the site at that moment had the page. */
export function hasArchivedPage(site: PagesOf, path: string): boolean {
  return archivedPages(site).some((page) => page.path === path);
}

/** The slug of a post page's path, or null for any other path. */
export function postSlugOf(path: string): string | null {
  if (!path.startsWith(POST_PREFIX)) return null;
  const slug = path.slice(POST_PREFIX.length);
  return /^[a-z0-9-]{1,200}$/.test(slug) ? slug : null;
}

/** The slug of a loan officer's page's path, or null for any other path. */
export function officerSlugOf(path: string): string | null {
  if (!path.startsWith(OFFICER_PREFIX)) return null;
  const slug = path.slice(OFFICER_PREFIX.length);
  return isOfficerSlug(slug) ? slug : null;
}

/**
 * The pages a set of versions changed, among those of the site after them: every page for the
 * content, the rate pages for the rates, the blog and the post's own page for a post, /team and
 * the officer's own page for a profile.
 */
export function pagesChangedBy(
  versions: readonly Pick<ArchiveVersionRef, 'source' | 'sourceId'>[],
  site: PagesOf,
): ArchivedPageRef[] {
  const pages = archivedPages(site);
  const changed = new Set(versions.map((v) => v.source));
  const idsOf = (source: ArchiveSource) => new Set(versions.filter((v) => v.source === source).map((v) => v.sourceId));
  const postIds = idsOf('post');
  const officerIds = idsOf('officers');
  return pages.filter((page) => {
    if (changed.has('content')) return true;
    const sources = PAGE_SOURCES[page.path];
    if (sources) return sources.some((source) => changed.has(source));
    return (
      site.posts.some((post) => postIds.has(post.id) && `${POST_PREFIX}${post.slug}` === page.path) ||
      site.officers.some((officer) => officerIds.has(officer.accountId) && `${OFFICER_PREFIX}${officer.slug}` === page.path)
    );
  });
}
