import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { defaultContent } from '../../lib/content/defaults';
import { MetaKey } from '../../lib/db/meta-keys';
import { migrations } from '../../lib/db/migrations';
import { seedPosts } from '../../lib/posts/seed';
import { seedRates } from '../../lib/rates/seed';
import { requirePostgres, startCluster } from './cluster';

/**
 * Issue 15, item 3: instances started together on an empty PostgreSQL database, as after a first
 * deploy of several instances. Migrations and the first-start seed run once (lib/setup/prepare.server.ts),
 * and every instance comes up.
 */

requirePostgres();

/** The server's "Database migrated" log lines: logged only by an instance that changed something. */
function migratedLogs(output: string): { applied: string[]; seeded: boolean }[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"msg":"Database migrated"'))
    .map((line) => JSON.parse(line) as { applied: string[]; seeded: boolean })
    .map(({ applied, seeded }) => ({ applied, seeded }));
}

test('two instances started at the same moment on an empty database both serve, after one migration and one seed', async () => {
  const cluster = await startCluster(2);
  try {
    for (const server of cluster.servers) {
      const home = await fetch(`${server.url}/`);
      expect(home.status, server.url).toBe(200);
      expect(await home.text()).toContain(defaultContent.hero.secondaryButton);
    }

    const { rows } = await sql<{ name: string; n: string }>`
      select name, count(*) as n from kysely_migration group by name order by name`.execute(cluster.db);
    expect(rows.map((row) => [row.name, Number(row.n)])).toEqual(Object.keys(migrations).map((name) => [name, 1]));

    const count = async (table: 'rates' | 'posts' | 'site_content') =>
      Number(
        (
          await cluster.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('rates')).toBe(seedRates.length);
    expect(await count('posts')).toBe(seedPosts.length);
    expect(await count('site_content')).toBe(1);
    const marker = await cluster.db.selectFrom('app_meta').select('key').where('key', '=', MetaKey.seededAt).execute();
    expect(marker).toHaveLength(1);

    // Exactly one instance did the work; the other found the database ready.
    const logs = cluster.servers.map((server) => migratedLogs(server.output()));
    expect(logs.flat()).toEqual([{ applied: Object.keys(migrations), seeded: true }]);
  } finally {
    await cluster.stop();
  }
});
