'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed, type ActionFailure } from '../../admin/result';
import { CacheTag } from '../../cache/tags';
import type { AdCopyFinding } from '../../compliance/ad-copy';
import { contentAdCopy } from '../../compliance/findings.server';
import { logger } from '../../log.server';
import { summarizeChanges } from '../diff';
import { listContentRevisions, restoreContentRevision, saveContent } from '../mutations.server';
import type { ContentRevision } from '../types';
import type { SiteContent } from '../schema';

/** What the editor holds: the stored content, its history, and its ad-copy warnings not dismissed. */
export type ContentSaved = { content: SiteContent; revision: number; revisions: ContentRevision[]; adCopy: AdCopyFinding[] };

const CONFLICT: ActionFailure = fail(
  '⚠️ Changed Elsewhere',
  'The site content was changed elsewhere since you opened this editor, so nothing was saved. Reload the page to get the latest version, then make your changes again.',
);

const expires = [CacheTag.content];

/**
 * Site Content: 'Save All Changes'. The document itself is checked by saveContent (it knows the
 * content schema and the sanitizing), which answers field errors keyed by dotted path.
 */
export const saveContentAction = adminAction(
  z.object({ content: z.unknown(), revision: z.int().positive() }),
  async ({ content, revision }, { db, log }) => {
    // The save's own summary hook sees the changed paths: the log counts them (no second diff).
    let changed = 0;
    const summary = (paths: string[]) => {
      changed = paths.length;
      return summarizeChanges(paths);
    };
    const result = await saveContent(db, content, revision, { summary });
    if (!result.ok) {
      if (result.reason === 'conflict') return CONFLICT;
      return fail('❌ Not Saved', 'Some fields need attention; nothing was saved.', result.fieldErrors);
    }
    logger.info({ event: 'admin.content_saved', revision: result.revision, changed: result.summary }, 'Site content saved');
    // saveContent owns its transaction: the entry follows the committed save.
    await log({ action: 'content_updated', target: `revision ${result.revision}`, detail: { paths: changed } });
    return succeed({
      title: '✅ Content Saved!',
      message: 'Your changes are live on the site.',
      // The checker warns and never blocks (issue 31): the save is done whatever it finds.
      data: {
        content: result.content,
        revision: result.revision,
        revisions: await listContentRevisions(db),
        adCopy: await contentAdCopy(db, result.content),
      },
    });
  },
  { permission: 'content', expires },
);

/** History: restores a revision in one click (as a new revision). */
export const restoreRevisionAction = adminAction(
  z.object({ revision: z.int().positive() }),
  async ({ revision }, { db, log }) => {
    const result = await restoreContentRevision(db, revision);
    if (!result) return fail('❌ Not Found', `Revision ${revision} does not exist.`);
    if (!result.ok) return result.reason === 'conflict' ? CONFLICT : fail('❌ Not Saved', 'The request was not understood.');
    logger.info({ event: 'admin.content_restored', from: revision, revision: result.revision }, 'Content revision restored');
    await log({ action: 'content_restored', target: `revision ${result.revision}`, detail: { from: revision } });
    return succeed({
      title: '✅ Revision Restored',
      message: `Revision ${revision} is live again (saved as revision ${result.revision}).`,
      data: {
        content: result.content,
        revision: result.revision,
        revisions: await listContentRevisions(db),
        adCopy: await contentAdCopy(db, result.content),
      },
    });
  },
  { permission: 'content', expires },
);
