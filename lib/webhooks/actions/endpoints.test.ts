import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSqlite } from '../../../tests/support/temp-db';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';
import { env } from '../../env.server';

/**
 * Adding a webhook endpoint in Integrations: the address rules (lib/http/outbound-request.server.ts)
 * apply when the owner types the address, so an internal address is refused with the reason at
 * once and nothing is stored; private targets only when the operator allows them; at most
 * MAX_WEBHOOK_ENDPOINTS endpoints.
 */

const owner = {
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'admin', email: null, name: 'Owner', role: 'owner' },
};
const state = vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 5).toString('base64');
  return { db: null as unknown };
});
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => owner,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('next/cache', () => ({ refresh: () => undefined }));
vi.mock('../../log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const { createWebhookAction } = await import('./endpoints');
const { MAX_WEBHOOK_ENDPOINTS } = await import('../endpoints.server');

let db: DB;
let cleanup: () => Promise<void>;
const saved = { ...env };
beforeEach(async () => {
  const handle = tempSqlite();
  cleanup = handle.cleanup;
  db = handle.db;
  await migrateToLatest(db);
  state.db = db;
  owner.authenticatedAt = new Date().toISOString();
  Object.assign(env, { OUTBOUND_ALLOW_PRIVATE: false, OUTBOUND_RESOLVE: undefined });
});
afterEach(async () => {
  Object.assign(env, saved);
  await cleanup();
});

const add = (url: string) => createWebhookAction({ url, description: 'CRM', events: ['lead.created'] });
const stored = async () => (await db.selectFrom('webhook_endpoints').select('url').execute()).map((r) => r.url);

describe('adding a webhook endpoint', () => {
  it.each([
    ['https://10.0.0.5/hook', '10.0.0.5 is a private address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['https://[::1]:8443/hook', '::1 is a loopback address'],
    ['https://[fd00::1]/hook', 'fd00::1 is a unique-local address'],
    ['https://[::ffff:10.0.0.5]/hook', '::ffff:a00:5 is an IPv4-mapped address'],
    ['https://100.100.100.200/hook', '100.100.100.200 is a carrier-grade NAT (shared) address'],
    ['http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
    ['https://localhost:8443/hook', 'is a loopback address'],
  ])('refuses %s with the reason, storing nothing', async (url, reason) => {
    const result = await add(url);
    expect(result).toMatchObject({ ok: false, title: '❌ Not Added' });
    const error = result.ok ? '' : result.error;
    expect(error).toContain(
      'Enter an https:// address, like https://hooks.zapier.com/hooks/catch/123/abc/. This one cannot be used: ',
    );
    expect(error).toContain(reason);
    expect(result.ok ? undefined : result.fieldErrors?.url).toBe(error);
    expect(await stored()).toEqual([]);
  });

  it('takes a private receiver only when the operator allows private targets, and plain http only to one', async () => {
    Object.assign(env, { OUTBOUND_ALLOW_PRIVATE: true });
    expect(await add('http://127.0.0.1:8080/hook')).toMatchObject({ ok: true, title: '✅ Endpoint Added' });
    expect(await add('https://10.0.0.5/hook')).toMatchObject({ ok: true });
    const publicHttp = await add('http://93.184.215.14/hook');
    expect(publicHttp.ok ? '' : publicHttp.error).toContain(
      '93.184.215.14 is on the internet: plain http:// goes only to a private address, use https://',
    );
    expect(await stored()).toEqual(['http://127.0.0.1:8080/hook', 'https://10.0.0.5/hook']);
  });

  it(`keeps at most ${MAX_WEBHOOK_ENDPOINTS} endpoints`, async () => {
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) expect((await add(`https://93.184.215.${i}/hook`)).ok).toBe(true);
    const result = await add('https://93.184.215.200/hook');
    expect(result).toMatchObject({ ok: false, title: '❌ Not Added' });
    expect(result.ok ? '' : result.error).toBe(
      `There are ${MAX_WEBHOOK_ENDPOINTS} endpoints already, the most a site keeps: delete one you no longer use first.`,
    );
    expect(await stored()).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
  });
});
