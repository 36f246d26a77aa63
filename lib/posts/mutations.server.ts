import 'server-only';
import type { Transaction } from 'kysely';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { sanitizeArticleHtml } from '../html/sanitize.server';
import { archivePost } from './archive.server';
import { readPostBySlug } from './queries.server';
import { slugify, type PostInput } from './schema';
import type { Post } from './types';

export class PostWriteError extends Error {}

// Each write records the post in the ad archive (./archive.server.ts) before it commits.

/** The title's slug, with -2, -3... when another post already has it. */
async function uniqueSlug(trx: Transaction<Database>, title: string, ownId: string | null): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken = await trx.selectFrom('posts').select('id').where('slug', '=', candidate).executeTakeFirst();
    if (!taken || taken.id === ownId) return candidate;
  }
}

function columns(input: PostInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    body_html: sanitizeArticleHtml(input.bodyHtml),
    image_url: input.imageUrl || null,
    category: input.category,
    author: input.author,
    published_at: input.date,
  };
}

/** A new 'Custom Post'; with today's date it comes first in every list. */
export async function createPost(db: DB, input: PostInput, now = new Date()): Promise<Post> {
  const stamp = now.toISOString();
  const slug = await db.transaction().execute(async (trx) => {
    const slug = await uniqueSlug(trx, input.title, null);
    // A live post always wins over an old redirect with the same slug.
    await trx.deleteFrom('post_redirects').where('old_slug', '=', slug).execute();
    const id = newId();
    await trx
      .insertInto('posts')
      .values({
        id,
        slug,
        ...columns(input),
        is_custom: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await archivePost(trx, id, now);
    return slug;
  });
  return (await readPostBySlug(db, slug))!;
}

/**
 * Saves an edited custom post. The slug follows the title (spec: editing regenerates it); the
 * old slug is kept as a redirect to the post, so published links keep working.
 */
export async function updatePost(db: DB, id: string, input: PostInput, now = new Date()): Promise<Post | null> {
  const stamp = now.toISOString();
  const slug = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('posts').select(['slug', 'is_custom']).where('id', '=', id).executeTakeFirst();
    if (!existing) return null;
    if (existing.is_custom !== 1) throw new PostWriteError('Only custom posts can be edited.');
    const slug = await uniqueSlug(trx, input.title, id);
    await trx.deleteFrom('post_redirects').where('old_slug', '=', slug).execute();
    if (slug !== existing.slug) {
      await trx
        .insertInto('post_redirects')
        .values({ old_slug: existing.slug, post_id: id, created_at: stamp })
        .onConflict((oc) => oc.column('old_slug').doUpdateSet({ post_id: id, created_at: stamp }))
        .execute();
    }
    await trx
      .updateTable('posts')
      .set({ slug, ...columns(input), updated_at: stamp })
      .where('id', '=', id)
      .execute();
    await archivePost(trx, id, now);
    return slug;
  });
  return slug ? readPostBySlug(db, slug) : null;
}

export async function deletePost(db: DB, id: string, now = new Date()): Promise<boolean> {
  const post = await db.selectFrom('posts').select('is_custom').where('id', '=', id).executeTakeFirst();
  if (!post) return false;
  if (post.is_custom !== 1) throw new PostWriteError('Only custom posts can be deleted.');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_redirects').where('post_id', '=', id).execute();
    await trx.deleteFrom('posts').where('id', '=', id).execute();
    await archivePost(trx, id, now);
  });
  return true;
}
