import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { processSingleton } from '../runtime/process-singleton';

/**
 * Cache expiries shared by every instance on one database (ADR 014). An expiry bumps each tag's
 * version in `cache_tags`; on PostgreSQL the same transaction sends a NOTIFY, which every instance
 * hears at once (server/cache-sync.ts), and the versions let an instance that missed it catch up.
 */

export const CACHE_TAGS_CHANNEL = 'clp_cache_tags';

/** What the NOTIFY carries: who expired the tags, and their new versions. */
export interface TagExpiry {
  origin: string;
  versions: Record<string, number>;
}

/** This process among the instances (its own announcements need no second expiry). */
export const instanceId = () => processSingleton('instance.id', () => randomUUID());

/** The version of each tag this process has already expired, shared by the app and the server. */
export const seenTagVersions = () => processSingleton('cache.seenTagVersions', () => new Map<string, number>());

/** Bumps the tags' versions and, on PostgreSQL, announces them to every instance on commit. */
export async function recordTagExpiry(db: DB, tags: readonly string[], now = new Date()): Promise<Record<string, number>> {
  const stamp = now.toISOString();
  const versions = await db.transaction().execute(async (trx) => {
    const bumped: Record<string, number> = {};
    for (const tag of [...new Set(tags)].sort()) {
      const row = await trx
        .insertInto('cache_tags')
        .values({ tag, version: 1, expired_at: stamp })
        .onConflict((oc) =>
          oc.column('tag').doUpdateSet((eb) => ({ version: eb('cache_tags.version', '+', 1), expired_at: stamp })),
        )
        .returning('version')
        .executeTakeFirstOrThrow();
      bumped[tag] = Number(row.version);
    }
    if (engineOf(trx) === 'postgres') {
      const expiry: TagExpiry = { origin: instanceId(), versions: bumped };
      await sql`select pg_notify(${CACHE_TAGS_CHANNEL}, ${JSON.stringify(expiry)})`.execute(trx);
    }
    return bumped;
  });
  for (const [tag, version] of Object.entries(versions)) seenTagVersions().set(tag, version);
  return versions;
}

export async function readTagVersions(db: DB): Promise<Map<string, number>> {
  const rows = await db.selectFrom('cache_tags').select(['tag', 'version']).execute();
  return new Map(rows.map((row) => [row.tag, Number(row.version)]));
}
