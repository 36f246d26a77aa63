import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { CacheTag } from '../cache/tags';
import { getDb, type DB } from '../db/index.server';
import type { PostsTable } from '../db/schema';
import { readRedirectedSlug } from './slugs.server';
import type { Post } from './types';

export { readRedirectedSlug };

const columns = [
  'id',
  'slug',
  'title',
  'excerpt',
  'body_html',
  'image_url',
  'category',
  'author',
  'published_at',
  'is_custom',
  'updated_at',
] as const;

function toPost(row: Pick<PostsTable, (typeof columns)[number]>): Post {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    bodyHtml: row.body_html,
    imageUrl: row.image_url,
    category: row.category,
    author: row.author,
    publishedAt: row.published_at,
    isCustom: row.is_custom === 1,
    updatedAt: row.updated_at,
  };
}

/** All posts, newest first; on the same date the most recently written comes first. */
export async function readPosts(db: DB): Promise<Post[]> {
  const rows = await db
    .selectFrom('posts')
    .select(columns)
    .orderBy('published_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toPost);
}

export async function readPostBySlug(db: DB, slug: string): Promise<Post | null> {
  const row = await db.selectFrom('posts').select(columns).where('slug', '=', slug).executeTakeFirst();
  return row ? toPost(row) : null;
}

export async function getPosts(): Promise<Post[]> {
  'use cache';
  cacheTag(CacheTag.posts);
  cacheLife('max');
  return readPosts(await getDb());
}

export async function getPostBySlug(slug: string): Promise<Post | null> {
  'use cache';
  cacheTag(CacheTag.posts);
  cacheLife('max');
  return readPostBySlug(await getDb(), slug);
}

export async function getRedirectedSlug(oldSlug: string): Promise<string | null> {
  'use cache';
  cacheTag(CacheTag.posts);
  cacheLife('max');
  return readRedirectedSlug(await getDb(), oldSlug);
}
