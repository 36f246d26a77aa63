import type { License } from '../licenses/types';
import type { OfficerProfile } from '../officers/types';
import type { Post } from '../posts/types';
import type { Rate } from '../rates/types';

/**
 * What a version of each source holds: what the public pages show of it, nothing a save changes
 * without changing a page (a row's updated_at, a list position), so saving the same state twice
 * makes one version. Each domain builds its own document (`lib/<domain>/archive.server.ts`); the
 * archive reads them back (./site-as-of.server.ts). Stored as JSON for 24 months: a change of
 * shape must still read the documents written before it.
 */

/** The site content as saved, with its content schema version (lib/content/document.ts upgrades older ones). */
export interface ArchivedContent {
  schemaVersion: number;
  content: unknown;
}

export type ArchivedRate = Omit<Rate, 'position' | 'updatedAt'>;

export interface ArchivedRates {
  /**
   * The UTC day of the rates' last change (YYYY-MM-DD), which the rates page shows as 'Last
   * updated'; null before any. A day, not a time: saving unchanged rates on the same day changes
   * no page.
   */
  changedOn: string | null;
  rates: ArchivedRate[];
}

/** A post as its page and the blog show it; null once deleted. */
export type ArchivedPost = Omit<Post, 'id' | 'updatedAt'> & {
  /** When it was written: the blog orders posts of the same date by it. */
  createdAt: string;
};

export type ArchivedLicense = Omit<License, 'createdAt' | 'updatedAt'>;

/**
 * A loan officer's published profile as /team and /team/<slug> show it; null while unpublished or
 * once removed. The account is the version's source id; "away" is routing's, no page's.
 */
export type ArchivedOfficer = Omit<OfficerProfile, 'accountId' | 'published' | 'away' | 'createdAt' | 'updatedAt'>;
