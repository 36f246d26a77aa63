/**
 * What the ad archive keeps versions of (issue 31, point 5; Regulation N, 12 CFR 1014.5): each
 * source of the public pages, named once. Plain data, shared by the writers, the readers and the
 * admin's lists.
 */

export const ARCHIVE_SOURCES = ['content', 'rates', 'post', 'licenses', 'officers'] as const;

export type ArchiveSource = (typeof ARCHIVE_SOURCES)[number];

/** The source id of a source the site has one of: the content, the rates, the licenses. */
export const SITE_WIDE = 'site';

/** What the admin calls each source. */
export const SOURCE_LABELS: Record<ArchiveSource, string> = {
  content: 'Site content',
  rates: 'Rates',
  post: 'Blog post',
  licenses: 'State licenses',
  officers: 'Loan officer profile',
};

/** 12 CFR 1014.5: copies are kept for 24 months from the last time the communication was made. */
export const ARCHIVE_MONTHS = 24;

export function isArchiveSource(value: unknown): value is ArchiveSource {
  return typeof value === 'string' && (ARCHIVE_SOURCES as readonly string[]).includes(value);
}
