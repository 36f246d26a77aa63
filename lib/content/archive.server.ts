import 'server-only';
import type { ArchivedContent } from '../archive/documents';
import { liveSince, recordArchiveBaseline, recordArchiveVersion } from '../archive/record.server';
import { SITE_WIDE } from '../archive/sources';
import type { DB } from '../db/connect.server';
import { CONTENT_VERSION, readContentDocument } from './document';
import type { SiteContent } from './schema';

/** What the ad archive keeps of the site content (issue 31, point 5): the whole document as saved. */

const document = (content: SiteContent): ArchivedContent => ({ schemaVersion: CONTENT_VERSION, content });

/** Called by every content save, in its transaction, with the content it saved. */
export function archiveContent(trx: DB, content: SiteContent, now: Date): Promise<boolean> {
  return recordArchiveVersion(trx, 'content', SITE_WIDE, document(content), now);
}

/** The stored content as the archive's first version, dated its last save. */
export async function archiveContentBaseline(db: DB, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('site_content')
    .select(['schema_version', 'document', 'updated_at'])
    .where('id', '=', 'site')
    .executeTakeFirst();
  if (!row) return false;
  const content = readContentDocument(row.schema_version, row.document);
  return recordArchiveBaseline(db, 'content', SITE_WIDE, document(content), liveSince(row.updated_at, now));
}
