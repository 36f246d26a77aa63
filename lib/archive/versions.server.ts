import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import type { ArchiveVersionsTable } from '../db/schema';
import { isArchiveSource, SOURCE_LABELS } from './sources';
import type { ArchiveChange, ArchiveVersionRef } from './types';

/** Reads of the ad archive's versions (table archive_versions, migration 0028). */

export type VersionRow = Pick<ArchiveVersionsTable, 'id' | 'source' | 'source_id' | 'at' | 'hash' | 'document'>;

const columns = ['id', 'source', 'source_id', 'at', 'hash', 'document'] as const;

export function toVersionRef(row: Omit<VersionRow, 'document'>): ArchiveVersionRef {
  if (!isArchiveSource(row.source)) throw new Error(`archive_versions holds an unknown source: ${row.source}`);
  return { id: row.id, source: row.source, sourceId: row.source_id, at: row.at, hash: row.hash };
}

/** The version of every source live at `at` (ISO): each source's latest at or before it. */
export async function liveVersionsAt(db: DB, at: string): Promise<VersionRow[]> {
  return db
    .selectFrom('archive_versions as v')
    .select(columns.map((c) => `v.${c}` as const))
    .where('v.at', '<=', at)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('archive_versions as later')
            .select('later.id')
            .whereRef('later.source', '=', 'v.source')
            .whereRef('later.source_id', '=', 'v.source_id')
            .whereRef('later.at', '>', 'v.at')
            .where('later.at', '<=', at),
        ),
      ),
    )
    .orderBy('v.source')
    .orderBy('v.source_id')
    .execute();
}

/** The versions that went live after `from` and at or before `to`, oldest first, without their documents. */
export async function versionsBetween(db: DB, from: string, to: string): Promise<ArchiveVersionRef[]> {
  const rows = await db
    .selectFrom('archive_versions')
    .select(['id', 'source', 'source_id', 'at', 'hash'])
    .where('at', '>', from)
    .where('at', '<=', to)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map(toVersionRef);
}

/** Versions by id, with their documents, for an export's batch. */
export async function versionsById(db: DB, ids: readonly string[]): Promise<VersionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('archive_versions').select(columns).where('id', 'in', ids).execute();
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** What a change is called in the admin's list; a post by its title as it was. */
function changeOf(row: VersionRow): ArchiveChange {
  const ref = toVersionRef(row);
  const present = row.document !== 'null';
  let label: string = SOURCE_LABELS[ref.source];
  if (present && (ref.source === 'post' || ref.source === 'officers')) {
    const document = JSON.parse(row.document) as { title?: unknown; displayName?: unknown };
    const name = ref.source === 'post' ? document.title : document.displayName;
    if (typeof name === 'string') label = `${label} “${name}”`;
  }
  return { ...ref, label, present };
}

/** The latest changes at or before `before` (ISO), newest first. */
export async function recentChanges(db: DB, before: string, limit = 50): Promise<ArchiveChange[]> {
  const rows = await db
    .selectFrom('archive_versions')
    .select(columns)
    .where('at', '<=', before)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(changeOf);
}

/** How much the archive holds: its versions and the characters of their documents. */
export async function archiveSize(db: DB): Promise<{ versions: number; documentChars: number; oldest: string | null }> {
  const row = await db
    .selectFrom('archive_versions')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('versions'),
      sql<number | string | null>`sum(length(document))`.as('chars'),
      (eb) => eb.fn.min('at').as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return { versions: Number(row.versions), documentChars: Number(row.chars ?? 0), oldest: row.oldest ?? null };
}
