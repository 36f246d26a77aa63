import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { sanitizeInlineHtml } from '../html/sanitize.server';
import { archiveContent } from './archive.server';
import { changedPaths, summarizeChanges } from './diff';
import { CONTENT_VERSION, readContentDocument } from './document';
import { contentSchema, type SiteContent } from './schema';
import type { ContentRevision } from './types';

export type SaveContentResult =
  | { ok: true; revision: number; content: SiteContent; summary: string }
  | { ok: false; reason: 'conflict'; currentRevision: number }
  | { ok: false; reason: 'invalid'; fieldErrors: Record<string, string> };

/** Field errors keyed by dotted path ('hero.title', 'testimonials.reviews.0.rating'). */
export function contentFieldErrors(input: unknown): Record<string, string> | null {
  const parsed = contentSchema.safeParse(input);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** The stored document and its revision, as the editor loads it. */
export async function readContentForEdit(db: DB): Promise<{ content: SiteContent; revision: number }> {
  const row = await db
    .selectFrom('site_content')
    .select(['schema_version', 'document', 'revision'])
    .where('id', '=', 'site')
    .executeTakeFirstOrThrow();
  return { content: readContentDocument(row.schema_version, row.document), revision: row.revision };
}

export async function listContentRevisions(db: DB, limit = 50): Promise<ContentRevision[]> {
  const rows = await db
    .selectFrom('content_revisions')
    .select(['revision', 'created_at', 'summary'])
    .orderBy('revision', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ revision: r.revision, createdAt: r.created_at, summary: r.summary }));
}

/**
 * Saves a new content document if the stored one is still the revision the editor loaded
 * (optimistic concurrency: an edit made elsewhere is never silently overwritten). Every save
 * is kept in content_revisions with the paths it changed; the first save also keeps the
 * document it replaced, so the original can be restored too.
 */
export async function saveContent(
  db: DB,
  input: unknown,
  expectedRevision: number,
  options: { now?: Date; summary?: (paths: string[]) => string } = {},
): Promise<SaveContentResult> {
  const parsed = contentSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', fieldErrors: contentFieldErrors(input) ?? {} };
  const content: SiteContent = {
    ...parsed.data,
    hero: { ...parsed.data.hero, title: sanitizeInlineHtml(parsed.data.hero.title) },
  };
  const now = options.now ?? new Date();
  const stamp = now.toISOString();

  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('site_content')
      .select(['schema_version', 'document', 'revision', 'updated_at'])
      .where('id', '=', 'site')
      .executeTakeFirstOrThrow();
    if (row.revision !== expectedRevision) return { ok: false, reason: 'conflict', currentRevision: row.revision } as const;

    const before = readContentDocument(row.schema_version, row.document);
    const paths = changedPaths(before, content);
    const summary = (options.summary ?? summarizeChanges)(paths);
    const revision = row.revision + 1;
    const document = JSON.stringify(content);
    const updated = await trx
      .updateTable('site_content')
      .set({ schema_version: CONTENT_VERSION, revision, document, updated_at: stamp })
      .where('id', '=', 'site')
      .where('revision', '=', expectedRevision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      return { ok: false, reason: 'conflict', currentRevision: row.revision + 1 } as const;

    const hasBaseline = await trx
      .selectFrom('content_revisions')
      .select('id')
      .where('revision', '=', row.revision)
      .executeTakeFirst();
    if (!hasBaseline) {
      await trx
        .insertInto('content_revisions')
        .values({
          id: newId(),
          revision: row.revision,
          created_at: row.updated_at,
          summary: 'Content before the first saved change',
          document: row.document,
          schema_version: row.schema_version,
        })
        .execute();
    }
    await trx
      .insertInto('content_revisions')
      .values({ id: newId(), revision, created_at: stamp, summary, document, schema_version: CONTENT_VERSION })
      .execute();
    // The ad archive's version commits with the save (a save that changes nothing adds none).
    await archiveContent(trx, content, now);
    return { ok: true, revision, content, summary } as const;
  });
}

/** Makes an earlier revision current again, as a new revision (history is never rewritten). */
export async function restoreContentRevision(db: DB, revision: number, now = new Date()): Promise<SaveContentResult | null> {
  const row = await db
    .selectFrom('content_revisions')
    .select(['document', 'schema_version'])
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (!row) return null;
  const content = readContentDocument(row.schema_version, row.document);
  const { revision: current } = await readContentForEdit(db);
  return saveContent(db, content, current, {
    now,
    summary: (paths) => `Restored revision ${revision}${paths.length ? ` (${summarizeChanges(paths, 4)})` : ''}`,
  });
}
