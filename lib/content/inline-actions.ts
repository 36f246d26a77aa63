'use server';

import { expireAfterWrite } from '../cache/expire.server';
import { z } from 'zod';
import { getAdminSession } from '../auth/session.server';
import { CacheTag } from '../cache/tags';
import { getDb } from '../db/index.server';
import { logger } from '../log.server';
import { updateContentField } from './inline-edit.server';

export type InlineSaveResult = { ok: true; value: string; revision: number } | { ok: false; title: string; error: string };

const request = z.object({
  path: z.string().max(120),
  value: z.string().max(10_000),
  previous: z.string().max(10_000),
  undo: z.boolean().optional(),
});

/** Inline edit mode: saves one text of the site content (a revision per edit) and publishes it. */
export async function updateContentFieldAction(input: z.input<typeof request>): Promise<InlineSaveResult> {
  const session = await getAdminSession();
  if (!session) return { ok: false, title: 'Signed Out', error: 'Your session has ended. Please sign in again.' };
  const parsed = request.safeParse(input);
  if (!parsed.success) return { ok: false, title: '❌ Not Saved', error: 'The request was not understood.' };

  const result = await updateContentField(await getDb(), parsed.data);
  if (!result.ok) {
    if (result.reason === 'invalid')
      return { ok: false, title: '❌ Not Saved', error: `${result.message} The previous value was kept.` };
    if (result.reason === 'conflict')
      return {
        ok: false,
        title: '⚠️ Changed Elsewhere',
        error: 'This text was changed elsewhere since the page loaded, so nothing was saved. Reload the page and try again.',
      };
    return { ok: false, title: '❌ Not Saved', error: 'This item cannot be edited here.' };
  }
  expireAfterWrite(CacheTag.content);
  logger.info({ event: 'admin.content_inline_edit', path: parsed.data.path, revision: result.revision }, 'Inline edit saved');
  return { ok: true, value: result.value, revision: result.revision };
}
