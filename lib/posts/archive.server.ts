import 'server-only';
import type { ArchivedPost } from '../archive/documents';
import { liveSince, recordArchiveBaseline, recordArchiveVersion } from '../archive/record.server';
import type { DB } from '../db/connect.server';

/**
 * What the ad archive keeps of a post (issue 31, point 5): the post as its page and the blog show
 * it, one source per post, and null once it is deleted.
 */

async function postDocument(db: DB, id: string): Promise<ArchivedPost | null> {
  const row = await db
    .selectFrom('posts')
    .select([
      'slug',
      'title',
      'excerpt',
      'body_html',
      'image_url',
      'category',
      'author',
      'published_at',
      'is_custom',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    bodyHtml: row.body_html,
    imageUrl: row.image_url,
    category: row.category,
    author: row.author,
    publishedAt: row.published_at,
    isCustom: row.is_custom === 1,
    createdAt: row.created_at,
  };
}

/** Called by every post write (create, edit, delete) in its transaction, after the write. */
export function archivePost(trx: DB, id: string, now: Date): Promise<boolean> {
  return recordArchiveVersion(trx, 'post', id, (handle) => postDocument(handle, id), now);
}

/** Every post without a version yet (the seed's, an earlier release's), dated its last change. */
export async function archivePostsBaseline(db: DB, now: Date): Promise<number> {
  const posts = await db.selectFrom('posts').select(['id', 'updated_at']).orderBy('id').execute();
  let recorded = 0;
  for (const post of posts)
    if (await recordArchiveBaseline(db, 'post', post.id, (trx) => postDocument(trx, post.id), liveSince(post.updated_at, now)))
      recorded += 1;
  return recorded;
}
