import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getSiteContent } from '../content/queries.server';

/** Where the ebook PDF downloads from, or null while the owner has not uploaded one. */
export async function getEbookDownloadUrl(): Promise<string | null> {
  'use cache';
  cacheTag(CacheTag.content);
  cacheLife('max');
  const { ebook } = await getSiteContent();
  return ebook.pdfMediaId ? '/ebook/download' : null;
}
