import 'server-only';
import type { DB } from '../db/connect.server';
import { readContentForEdit, saveContent } from './mutations.server';
import { getTextAt, setTextAt } from './paths';

export type InlineEditResult =
  | { ok: true; revision: number; value: string }
  | { ok: false; reason: 'not-editable' | 'conflict' }
  | { ok: false; reason: 'invalid'; message: string };

/**
 * One inline edit: replaces the text at `path` and saves the document as a new revision. The
 * unit of concurrency is the field: the edit goes through only while the stored text is still
 * the one the owner saw (`previous`), so an edit made elsewhere to the same text is never
 * overwritten, while edits to other texts in between do not block it.
 */
export async function updateContentField(
  db: DB,
  edit: { path: string; value: string; previous: string; undo?: boolean },
  now = new Date(),
): Promise<InlineEditResult> {
  const { content, revision } = await readContentForEdit(db);
  const current = getTextAt(content, edit.path);
  if (current === undefined) return { ok: false, reason: 'not-editable' };
  if (current !== edit.previous) return { ok: false, reason: 'conflict' };
  const next = setTextAt(content, edit.path, edit.value);
  if (!next) return { ok: false, reason: 'not-editable' };
  const label = edit.undo ? 'Inline edit undone' : 'Inline edit';
  const result = await saveContent(db, next, revision, { now, summary: () => `${label}: ${edit.path}` });
  if (result.ok) return { ok: true, revision: result.revision, value: getTextAt(result.content, edit.path) ?? edit.value };
  if (result.reason === 'conflict') return { ok: false, reason: 'conflict' };
  const message = result.fieldErrors[edit.path] ?? Object.values(result.fieldErrors)[0] ?? 'This value is not allowed.';
  return { ok: false, reason: 'invalid', message };
}
