'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { CacheTag } from '../../cache/tags';
import { logger } from '../../log.server';
import { updateContentField } from '../inline-edit.server';

/** Inline edit mode: saves one text of the site content (a revision per edit) and publishes it. */
export const updateContentFieldAction = adminAction(
  z.object({
    path: z.string().max(120),
    value: z.string().max(10_000),
    previous: z.string().max(10_000),
    undo: z.boolean().optional(),
  }),
  async (edit, { db, log }) => {
    const result = await updateContentField(db, edit);
    if (!result.ok) {
      if (result.reason === 'invalid') return fail('❌ Not Saved', `${result.message} The previous value was kept.`);
      if (result.reason === 'conflict')
        return fail(
          '⚠️ Changed Elsewhere',
          'This text was changed elsewhere since the page loaded, so nothing was saved. Reload the page and try again.',
        );
      return fail('❌ Not Saved', 'This item cannot be edited here.');
    }
    logger.info({ event: 'admin.content_inline_edit', path: edit.path, revision: result.revision }, 'Inline edit saved');
    // The save owns its transaction: the entry follows the committed edit.
    await log({
      action: 'content_updated',
      target: edit.path,
      detail: { revision: result.revision, ...(edit.undo ? { undo: true } : {}) },
    });
    // The edit-mode toasts are its own ('Content Updated', 'Image Updated', 'Edit Undone').
    return succeed({ title: 'Saved', data: { value: result.value, revision: result.revision } });
  },
  { permission: 'content', expires: [CacheTag.content] },
);
