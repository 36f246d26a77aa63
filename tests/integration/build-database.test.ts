import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultContent } from '../../lib/content/defaults';
import { seedPosts } from '../../lib/posts/seed';
import { seedRates } from '../../lib/rates/seed';
import { root } from '../support/production-server';
import { tempDatabasePath } from '../support/temp-path';

/**
 * What `next build` prerenders from: server/build.mjs runs server/build-database.ts on a temporary
 * file and names it in BUILD_DATABASE_PATH; during the build, getDb() opens that file and never
 * DATABASE_URL's database.
 */

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllEnvs();
});

/** lib/db/index.server.ts as a build worker loads it. */
async function buildPhaseDb(buildDatabasePath: string | undefined) {
  vi.resetModules();
  vi.stubEnv('NEXT_PHASE', 'phase-production-build');
  vi.stubEnv('BUILD_DATABASE_PATH', buildDatabasePath);
  return import('../../lib/db/index.server');
}

describe("the build's database", () => {
  it('holds the defaults of a new site, and the build reads it instead of DATABASE_URL', async () => {
    const build = tempDatabasePath();
    const real = tempDatabasePath();
    cleanups.push(build.cleanup, real.cleanup);
    const made = spawnSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'server/build-database.ts', build.path],
      { cwd: root, encoding: 'utf8' },
    );
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);

    vi.stubEnv('DATABASE_URL', `file:${real.path}`);
    const { getDb } = await buildPhaseDb(build.path);
    const { readSiteContent } = await import('../../lib/content/queries.server');
    const db = await getDb();
    try {
      expect(await readSiteContent(db)).toEqual(defaultContent);
      expect(await db.selectFrom('posts').select('slug').execute()).toHaveLength(seedPosts.length);
      expect(await db.selectFrom('rates').select('id').execute()).toHaveLength(seedRates.length);
    } finally {
      await db.destroy();
    }
    expect(existsSync(real.path)).toBe(false);
  });

  it('is refused with the command to use when next build runs without it', async () => {
    const { getDb } = await buildPhaseDb(undefined);
    await expect(getDb()).rejects.toThrow(/node server\/build.mjs/);
  });
});
