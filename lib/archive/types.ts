import type { SiteContent } from '../content/schema';
import type { License } from '../licenses/types';
import type { OfficerProfile } from '../officers/types';
import type { Post } from '../posts/types';
import type { Rate } from '../rates/types';
import type { ArchiveSource } from './sources';

/**
 * The ad archive as the admin and the export read it, apart from the server modules, so
 * components take it without a server import.
 */

/** A version of a source: when it went live and a hash of what it held. */
export interface ArchiveVersionRef {
  id: string;
  source: ArchiveSource;
  sourceId: string;
  /** ISO time it went live. */
  at: string;
  hash: string;
}

/**
 * The public site's sources as they were at a moment (./site-as-of.server.ts), in the shapes the
 * pages take. A site-wide source is null when the archive holds no version of it that early.
 */
export interface ArchivedSite {
  /** The moment, ISO. */
  at: string;
  content: SiteContent | null;
  /** The rates in display order, and the day the rates page showed as 'Last updated'. */
  rates: { list: Rate[]; changedOn: string | null } | null;
  /** The posts live then, newest first, as the blog lists them. */
  posts: Post[];
  licenses: License[] | null;
  /** The loan officers' profiles published then, as /team lists them (by name, then account). */
  officers: OfficerProfile[];
  /** The version of each source that was live. */
  versions: ArchiveVersionRef[];
}

/** A version in the admin's list of changes. */
export interface ArchiveChange extends ArchiveVersionRef {
  /** What changed, as the admin names it: 'Rates', 'Blog post “…”'. */
  label: string;
  /** False when the change removed it (a deleted post). */
  present: boolean;
}
