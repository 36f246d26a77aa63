import 'server-only';
import type { DB } from '../db/connect.server';

/**
 * Plain reads of post addresses, free of Next's cache APIs: the server (server/missing-post.ts)
 * asks them before Next renders, and ./queries.server.ts wraps them in its cached queries.
 */

/** The current slug of a post that used to live at `oldSlug`, or null. */
export async function readRedirectedSlug(db: DB, oldSlug: string): Promise<string | null> {
  const row = await db
    .selectFrom('post_redirects')
    .innerJoin('posts', 'posts.id', 'post_redirects.post_id')
    .select('posts.slug')
    .where('post_redirects.old_slug', '=', oldSlug)
    .executeTakeFirst();
  return row && row.slug !== oldSlug ? row.slug : null;
}

/**
 * Whether /blog/<slug> shows something: a post, or the old address of a renamed post (which
 * redirects). The post page decides the same from its cached queries.
 */
export async function isKnownPostSlug(db: DB, slug: string): Promise<boolean> {
  const post = await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst();
  return post !== undefined || (await readRedirectedSlug(db, slug)) !== null;
}
