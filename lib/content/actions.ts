'use server';

import { expireAfterWrite } from '../cache/expire.server';
import { z } from 'zod';
import { INVALID_REQUEST, SIGNED_OUT, type AdminResult } from '../admin/result';
import { getAdminSession } from '../auth/session.server';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { logger } from '../log.server';
import { listContentRevisions, restoreContentRevision, saveContent, type ContentRevision } from './mutations.server';
import type { SiteContent } from './schema';

export type ContentSaved = { content: SiteContent; revision: number; revisions: ContentRevision[] };

const saveRequest = z.object({ content: z.unknown(), revision: z.int().positive() });

const CONFLICT = {
  ok: false,
  title: '⚠️ Changed Elsewhere',
  error:
    'The site content was changed elsewhere since you opened this editor, so nothing was saved. Reload the page to get the latest version, then make your changes again.',
} as const;

/** Site Content: 'Save All Changes'. */
export async function saveContentAction(request: { content: unknown; revision: number }): Promise<AdminResult<ContentSaved>> {
  const session = await getAdminSession();
  if (!session) return SIGNED_OUT;
  const parsed = saveRequest.safeParse(request);
  if (!parsed.success) return INVALID_REQUEST;

  const db = await getDb();
  const result = await saveContent(db, parsed.data.content, parsed.data.revision);
  if (!result.ok) {
    if (result.reason === 'conflict') return CONFLICT;
    return {
      ok: false,
      title: '❌ Not Saved',
      error: 'Some fields need attention; nothing was saved.',
      fieldErrors: result.fieldErrors,
    };
  }
  expireAfterWrite(CacheTag.content);
  logger.info({ event: 'admin.content_saved', revision: result.revision, changed: result.summary }, 'Site content saved');
  return {
    ok: true,
    title: '✅ Content Saved!',
    message: 'Your changes are live on the site.',
    data: { content: result.content, revision: result.revision, revisions: await listContentRevisions(db) },
  };
}

/** History: restores a revision in one click (as a new revision). */
export async function restoreRevisionAction(revision: number): Promise<AdminResult<ContentSaved>> {
  const session = await getAdminSession();
  if (!session) return SIGNED_OUT;
  if (!Number.isInteger(revision) || revision < 1) return INVALID_REQUEST;
  const db = await getDb();
  const result = await restoreContentRevision(db, revision);
  if (!result) return { ok: false, title: '❌ Not Found', error: `Revision ${revision} does not exist.` };
  if (!result.ok) return result.reason === 'conflict' ? CONFLICT : INVALID_REQUEST;
  expireAfterWrite(CacheTag.content);
  logger.info({ event: 'admin.content_restored', from: revision, revision: result.revision }, 'Content revision restored');
  return {
    ok: true,
    title: '✅ Revision Restored',
    message: `Revision ${revision} is live again (saved as revision ${result.revision}).`,
    data: { content: result.content, revision: result.revision, revisions: await listContentRevisions(db) },
  };
}
