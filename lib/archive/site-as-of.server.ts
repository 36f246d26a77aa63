import 'server-only';
import { readContentDocument } from '../content/document';
import type { DB } from '../db/connect.server';
import type { License } from '../licenses/types';
import type { OfficerProfile } from '../officers/types';
import type { Post } from '../posts/types';
import type { Rate } from '../rates/types';
import type { ArchivedContent, ArchivedLicense, ArchivedOfficer, ArchivedPost, ArchivedRates } from './documents';
import { ArchiveRecordError } from './record.server';
import type { ArchivedSite } from './types';
import { liveVersionsAt, toVersionRef, type VersionRow } from './versions.server';

/**
 * The public site rebuilt as it was at a moment (issue 31, point 5: "the site as of 2026-11-26
 * 14:00", shown to an examiner): each source's version live then, in the shapes the pages take,
 * so the archive renders the same components the site does. What a document does not hold (a
 * rate's position, a row's updated_at) comes from the version: the order it lists, the time it
 * went live.
 */

/** A moment as the archive compares it: an ISO time in UTC. */
export function archiveMoment(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new ArchiveRecordError('Not a date and time.');
  return date.toISOString();
}

function parse<T>(row: VersionRow): T {
  return JSON.parse(row.document) as T;
}

function contentOf(row: VersionRow) {
  const { schemaVersion, content } = parse<ArchivedContent>(row);
  // Upgraded to this release's content schema, as a stored document of that version would be.
  return readContentDocument(schemaVersion, JSON.stringify(content));
}

function ratesOf(row: VersionRow): ArchivedSite['rates'] {
  const { changedOn, rates } = parse<ArchivedRates>(row);
  const list: Rate[] = rates.map((rate, position) => ({ ...rate, position, updatedAt: row.at }));
  return { list, changedOn };
}

function postOf(row: VersionRow): (Post & { createdAt: string }) | null {
  const post = parse<ArchivedPost | null>(row);
  return post && { ...post, id: row.source_id, updatedAt: row.at };
}

function licensesOf(row: VersionRow): License[] {
  return parse<ArchivedLicense[]>(row).map((license) => ({ ...license, createdAt: row.at, updatedAt: row.at }));
}

function officerOf(row: VersionRow): OfficerProfile | null {
  const officer = parse<ArchivedOfficer | null>(row);
  // Only published profiles are archived; "away" is routing's, which no page shows.
  return officer && { ...officer, accountId: row.source_id, published: true, away: false, createdAt: row.at, updatedAt: row.at };
}

/** /team's order: by name, then account. */
function teamOrder(a: OfficerProfile, b: OfficerProfile): number {
  if (a.displayName !== b.displayName) return a.displayName < b.displayName ? -1 : 1;
  return a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0;
}

/** The blog's order: newest date first, then the most recently written, then by id. */
function blogOrder(a: Post & { createdAt: string }, b: Post & { createdAt: string }): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export async function siteAsOf(db: DB, at: Date | string): Promise<ArchivedSite> {
  const moment = archiveMoment(at);
  const rows = await liveVersionsAt(db, moment);
  const site: ArchivedSite = {
    at: moment,
    content: null,
    rates: null,
    posts: [],
    licenses: null,
    officers: [],
    versions: rows.map(toVersionRef),
  };
  const posts: (Post & { createdAt: string })[] = [];
  for (const row of rows) {
    if (row.source === 'content') site.content = contentOf(row);
    else if (row.source === 'rates') site.rates = ratesOf(row);
    else if (row.source === 'licenses') site.licenses = licensesOf(row);
    else if (row.source === 'post') {
      const post = postOf(row);
      if (post) posts.push(post);
    } else if (row.source === 'officers') {
      const officer = officerOf(row);
      if (officer) site.officers.push(officer);
    }
  }
  site.officers.sort(teamOrder);
  site.posts = posts.sort(blogOrder).map(({ createdAt: _createdAt, ...post }) => post);
  return site;
}
