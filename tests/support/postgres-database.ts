import pg from 'pg';

/** The PostgreSQL server tests may use (.ci/run sets it when it can start one). */
export const postgresUrl = process.env.TEST_POSTGRES_URL;

/**
 * A new, empty PostgreSQL database on the server of `adminUrl`, and a way to drop it. Plain `pg`,
 * no app module, so browser tests (which must not load server-only modules) can use it too.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      try {
        await dropWhenClosed(again, name);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * Drops a test database once its connections have closed. pg's Pool.end() resolves before the
 * server has seen every connection go, and dropping WITH (FORCE) then kills a connection the pool
 * is still closing: its FATAL message surfaces as an uncaught error in whichever test runs.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed by other users.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
