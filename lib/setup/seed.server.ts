import 'server-only';
import { defaultContent } from '../content/defaults';
import { CONTENT_VERSION } from '../content/document';
import { seedPosts } from '../posts/seed';
import { seedRates } from '../rates/seed';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';

/**
 * Fills a new database with the default content, the spec's sample rates and its two seed posts.
 * Runs once per database: the marker row makes it a no-op afterwards, so an owner who deletes
 * every rate does not get the samples back on the next restart.
 */
export async function seedIfEmpty(db: DB, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const marked = await trx
      .insertInto('app_meta')
      .values({ key: MetaKey.seededAt, value: stamp })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return false;

    await trx
      .insertInto('site_content')
      .values({
        id: 'site',
        schema_version: CONTENT_VERSION,
        revision: 1,
        document: JSON.stringify(defaultContent),
        updated_at: stamp,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('rates')
      .values(seedRates.map(({ rateKind, ...r }, position) => ({ ...r, rate_kind: rateKind, position, updated_at: stamp })))
      .execute();
    await trx.insertInto('app_meta').values({ key: MetaKey.ratesChangedAt, value: stamp }).execute();
    const today = stamp.slice(0, 10);
    await trx
      .insertInto('posts')
      .values(
        seedPosts.map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          excerpt: p.excerpt,
          body_html: p.bodyHtml,
          image_url: p.imageUrl,
          category: p.category,
          author: p.author,
          // The spec gives seed posts the current date.
          published_at: today,
          is_custom: 0,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    return true;
  });
}
