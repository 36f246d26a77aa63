'use server';

import { expireAfterWrite } from '../cache/expire.server';
import { z } from 'zod';
import { fieldErrorsOf, INVALID_REQUEST, SIGNED_OUT, type AdminResult } from '../admin/result';
import { getAdminSession } from '../auth/session.server';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { logger } from '../log.server';
import { createPost, deletePost, PostWriteError, updatePost } from './mutations.server';
import { MISSING_FIELDS, postInputSchema } from './schema';
import type { Post } from './types';

const id = z.string().min(1).max(64);

function invalid(issues: z.core.$ZodIssue[]): AdminResult<Post> {
  const fieldErrors = fieldErrorsOf(issues);
  if (fieldErrors.title || fieldErrors.bodyHtml)
    return { ok: false, title: MISSING_FIELDS.title, error: MISSING_FIELDS.message, fieldErrors };
  return { ok: false, title: '❌ Post Not Saved', error: 'Some fields need attention.', fieldErrors };
}

/** Blog: 'Add Post'. The body is sanitized on the server whatever the editor sent. */
export async function createPostAction(input: unknown): Promise<AdminResult<Post>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = postInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const post = await createPost(await getDb(), parsed.data);
  expireAfterWrite(CacheTag.posts);
  logger.info({ event: 'admin.post_created', id: post.id, slug: post.slug }, 'Blog post added');
  return { ok: true, title: '✅ Blog Post Added!', message: `“${post.title}” is published.`, data: post };
}

/** Blog: 'Save Changes' on a custom post. */
export async function updatePostAction(postId: string, input: unknown): Promise<AdminResult<Post>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  if (!id.safeParse(postId).success) return INVALID_REQUEST;
  const parsed = postInputSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    const post = await updatePost(await getDb(), postId, parsed.data);
    if (!post) return { ok: false, title: '❌ Post Not Found', error: 'This post was deleted elsewhere.' };
    expireAfterWrite(CacheTag.posts);
    logger.info({ event: 'admin.post_updated', id: post.id, slug: post.slug }, 'Blog post updated');
    return { ok: true, title: '✅ Blog Post Updated!', message: `“${post.title}” is saved.`, data: post };
  } catch (error) {
    if (error instanceof PostWriteError) return { ok: false, title: '❌ Not Allowed', error: error.message };
    throw error;
  }
}

export async function deletePostAction(postId: string): Promise<AdminResult> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  if (!id.safeParse(postId).success) return INVALID_REQUEST;
  try {
    await deletePost(await getDb(), postId);
  } catch (error) {
    if (error instanceof PostWriteError) return { ok: false, title: '❌ Not Allowed', error: error.message };
    throw error;
  }
  expireAfterWrite(CacheTag.posts);
  return { ok: true, title: '🗑️ Blog Post Deleted!', message: 'The post was removed from the blog.' };
}
