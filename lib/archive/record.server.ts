import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { isArchiveSource, type ArchiveSource } from './sources';

/**
 * The ad archive's one writer. Each source's writes call it inside their own transaction, so a
 * change and its version commit together or not at all. It imports nothing of the domains: they
 * call it, and the rest of lib/archive reads them, with no circle between the two.
 */

/** A source's state, an object or array JSON can hold; null when the change removed it (a deleted post). */
export type ArchiveDocument = object | null;

/** The state, or how to read it on the write's transaction once the source's lock is held (see below). */
export type ArchiveDocumentInput = ArchiveDocument | ((trx: DB) => Promise<ArchiveDocument>);

export class ArchiveRecordError extends Error {
  override name = 'ArchiveRecordError';
}

const MAX_SOURCE_ID = 64;

export const documentHash = (json: string) => createHash('sha256').update(json).digest('hex');

/** One millisecond after an ISO time. */
const justAfter = (iso: string) => new Date(new Date(iso).getTime() + 1).toISOString();

/**
 * Records the state of a source after a change, as of `now`, unless it equals the source's latest
 * version (an unchanged save records nothing, so the archive grows with changes, never with
 * saves or visits). Returns whether a version was written.
 *
 * On PostgreSQL two writes to one source (two rates edited at once) may run side by side: a lock
 * per source, held until commit, makes their versions take turns, and a document given as a
 * function is read only once the lock is held, so the later version sees the earlier one's change.
 * A version's time is strictly after its source's previous one, so the order of versions is the
 * order of commits even when two instances' clocks disagree. SQLite has one writer.
 */
export async function recordArchiveVersion(
  trx: DB,
  source: ArchiveSource,
  sourceId: string,
  document: ArchiveDocumentInput,
  now = new Date(),
): Promise<boolean> {
  if (!isArchiveSource(source)) throw new ArchiveRecordError(`Unknown archive source: ${String(source)}`);
  if (!sourceId || sourceId.length > MAX_SOURCE_ID) throw new ArchiveRecordError('An archive source id is 1 to 64 characters.');
  if (engineOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('clp.archive'), hashtext(${`${source}:${sourceId}`}))`.execute(trx);
  const state = typeof document === 'function' ? await (document as (trx: DB) => Promise<ArchiveDocument>)(trx) : document;
  const json = JSON.stringify(state ?? null);
  const hash = documentHash(json);
  const latest = await trx
    .selectFrom('archive_versions')
    .select(['at', 'hash'])
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.hash === hash) return false;
  // A removal of what was never archived leaves nothing to tell.
  if (!latest && json === 'null') return false;
  const stamp = now.toISOString();
  const at = latest && latest.at >= stamp ? justAfter(latest.at) : stamp;
  await trx
    .insertInto('archive_versions')
    .values({ id: newId(now.getTime()), source, source_id: sourceId, at, document: json, hash })
    .execute();
  return true;
}

/**
 * Records a source's state as its first version, dated when that state went live, when the
 * source has no version yet: what the site showed before the archive began (a database from an
 * earlier release, a new site's defaults). Returns whether it wrote one.
 */
export async function recordArchiveBaseline(
  db: DB,
  source: ArchiveSource,
  sourceId: string,
  document: ArchiveDocumentInput,
  liveSince: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const any = await trx
      .selectFrom('archive_versions')
      .select('id')
      .where('source', '=', source)
      .where('source_id', '=', sourceId)
      .limit(1)
      .executeTakeFirst();
    if (any) return false;
    return recordArchiveVersion(trx, source, sourceId, document, liveSince);
  });
}

/** When a stored state went live: its stored time, or `now` when that is missing or later (a clock set back). */
export function liveSince(stored: string | null | undefined, now: Date): Date {
  const at = stored ? new Date(stored) : null;
  return at && !Number.isNaN(at.getTime()) && at <= now ? at : now;
}
