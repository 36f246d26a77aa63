import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb, type DB } from '../db/index.server';
import { readContentDocument } from './document';
import type { SiteContent } from './schema';

/** Reads and validates the stored content tree, upgrading an older document on the way. */
export async function readSiteContent(db: DB): Promise<SiteContent> {
  const row = await db
    .selectFrom('site_content')
    .select(['schema_version', 'document'])
    .where('id', '=', 'site')
    .executeTakeFirst();
  if (!row) throw new Error('Site content is missing from the database (the seed did not run).');
  return readContentDocument(row.schema_version, row.document);
}

/** The content as public pages see it: cached until a write expires the content tag. */
export async function getSiteContent(): Promise<SiteContent> {
  'use cache';
  cacheTag(CacheTag.content);
  cacheLife('max');
  return readSiteContent(await getDb());
}
