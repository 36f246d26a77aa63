import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { open } from '../../lib/auth/secret-box.server';
import { decodeSecretKey } from '../../lib/env-schema';
import { createEndpoint, secretContext } from '../../lib/webhooks/endpoints.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { tempSqlite } from '../support/temp-db';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 51).toString('base64');
});

/**
 * The command itself (server/rotate-key.ts) on an SQLite site that runs on its generated key file,
 * the flow where the command makes the new key: it refuses half a configuration and changes
 * nothing, and otherwise re-seals, swaps secret.key and keeps the old key beside it.
 */

const OLD = Buffer.alloc(32, 51);
const root = fileURLToPath(new URL('../..', import.meta.url));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function rotate(databaseUrl: string, keys: { SECRET_KEY?: string; SECRET_KEY_PREVIOUS?: string }) {
  const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'server/rotate-key.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, SECRET_KEY: '', SECRET_KEY_PREVIOUS: '', ...keys },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run secret-key:rotate', () => {
  it('on SQLite without SECRET_KEY, replaces secret.key after re-sealing, and refuses half a configuration', async () => {
    const { db, path, cleanup } = tempSqlite();
    cleanups.push(cleanup);
    const keyPath = join(dirname(path), 'secret.key');
    writeFileSync(keyPath, `${OLD.toString('base64')}\n`, { mode: 0o600 });
    await migrateToLatest(db);
    const made = await db
      .transaction()
      .execute((trx) =>
        createEndpoint(trx, { url: 'https://hooks.example/clp', description: '', events: ['lead.created'] }, new Date()),
      );
    if (made === 'full') throw new Error('no room for an endpoint');
    const sealedSecret = async () =>
      (await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', made.id).executeTakeFirstOrThrow()).secret;
    const before = await sealedSecret();

    const refused = rotate(`file:${path}`, { SECRET_KEY: Buffer.alloc(32, 52).toString('base64') });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('SECRET_KEY_PREVIOUS is not set');
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(await sealedSecret()).toBe(before);
    expect(readdirSync(dirname(path)).filter((name) => name.startsWith('secret.key'))).toEqual(['secret.key']);

    const done = rotate(`file:${path}`, {});
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/webhook signing secrets +1 \(0\)/);
    expect(done.stdout).toContain('Recovery codes: none were in use.');
    const newKey = decodeSecretKey(readFileSync(keyPath, 'utf8'))!;
    expect(newKey.equals(OLD)).toBe(false);
    const retired = readdirSync(dirname(path)).filter((name) => name.startsWith('secret.key.retired-'));
    expect(retired).toHaveLength(1);
    expect(decodeSecretKey(readFileSync(join(dirname(path), retired[0]!), 'utf8'))).toEqual(OLD);
    expect(existsSync(`${keyPath}.new`)).toBe(false);
    expect(open(await sealedSecret(), secretContext(made.id), newKey)).toBe(made.secret);
  });
});
