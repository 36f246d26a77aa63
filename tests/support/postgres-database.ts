import pg from 'pg';

/** The PostgreSQL server tests may use (.ci/run sets it when it can start one). */
export const postgresUrl = process.env.TEST_POSTGRES_URL;

/**
 * A new PostgreSQL database on the server of `adminUrl`, and a way to drop it: empty, or a copy of
 * `template` (a database nobody is connected to, ./postgres-template.ts). Plain `pg`, no app
 * module, so browser tests (which must not load server-only modules) can use it too.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  } finally {
    await admin.end();
  }
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
  await whileInUse(() => admin.query(`DROP DATABASE IF EXISTS ${name}`));
}

/**
 * Runs a CREATE or DROP DATABASE again while the database it names is still being accessed by
 * other users (55006): a closing pool's connections, or another copy of the same template being
 * made at that moment.
 */
async function whileInUse(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
