'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed, type ActionFailure, type ActionResult } from '../../admin/result';
import { CacheTag } from '../../cache/tags';
import { postsAdCopy } from '../../compliance/findings.server';
import { logger } from '../../log.server';
import { createPost, deletePost, PostWriteError, updatePost } from '../mutations.server';
import { MISSING_FIELDS, postInputSchema } from '../schema';

const id = z.string().min(1).max(64);
const expires = [CacheTag.posts];

// The spec's '❌ Missing Fields' toast when the title or the content is missing.
function invalid(fieldErrors: Record<string, string>): ActionFailure {
  if (fieldErrors.title || fieldErrors.bodyHtml) return fail(MISSING_FIELDS.title, MISSING_FIELDS.message, fieldErrors);
  return fail('❌ Post Not Saved', 'Some fields need attention.', fieldErrors);
}

/** Seed posts may be neither edited nor deleted: the mutations refuse them with this error. */
async function allowed<T>(write: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof PostWriteError) return fail('❌ Not Allowed', error.message);
    throw error;
  }
}

// The post mutations own their transactions: each entry is written once the change is committed.
// A saved post comes back with its ad-copy warnings, which never stop a save (issue 31).

/** Blog: 'Add Post'. The body is sanitized on the server whatever the editor sent. */
export const createPostAction = adminAction(
  postInputSchema,
  async (input, { db, log }) => {
    const post = await createPost(db, input);
    logger.info({ event: 'admin.post_created', id: post.id, slug: post.slug }, 'Blog post added');
    await log({ action: 'post_created', target: post.id, detail: { slug: post.slug } });
    return succeed({
      title: '✅ Blog Post Added!',
      message: `“${post.title}” is published.`,
      data: { post, adCopy: await postsAdCopy(db, [post]) },
    });
  },
  { permission: 'content', expires, invalid },
);

/** Blog: 'Save Changes' on a custom post: its id beside the form's fields. */
export const updatePostAction = adminAction(
  postInputSchema.extend({ id }),
  async ({ id: postId, ...input }, { db, log }) =>
    allowed(async () => {
      const post = await updatePost(db, postId, input);
      if (!post) return fail('❌ Post Not Found', 'This post was deleted elsewhere.');
      logger.info({ event: 'admin.post_updated', id: post.id, slug: post.slug }, 'Blog post updated');
      await log({ action: 'post_updated', target: post.id, detail: { slug: post.slug } });
      return succeed({
        title: '✅ Blog Post Updated!',
        message: `“${post.title}” is saved.`,
        data: { post, adCopy: await postsAdCopy(db, [post]) },
      });
    }),
  { permission: 'content', expires, invalid },
);

export const deletePostAction = adminAction(
  z.object({ id }),
  async ({ id: postId }, { db, log }) =>
    allowed(async () => {
      if (await deletePost(db, postId)) await log({ action: 'post_deleted', target: postId });
      return succeed({ title: '🗑️ Blog Post Deleted!', message: 'The post was removed from the blog.' });
    }),
  { permission: 'content', expires },
);
