import { createECDH, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempSqlite } from '../../../tests/support/temp-db';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';

/**
 * 'Turn on alerts on this device' as a loan officer calls it: an endpoint that is no browser push
 * service (a private address, the cloud metadata address, any host of theirs) is refused with the
 * reason and nothing is stored; the eleventh device takes the place of the one that went longest
 * without an alert, and the answer says which.
 */

const officer = {
  id: 's1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'officer', email: 'lo@example.com', name: 'Lo', role: 'loan_officer' },
};
const state = vi.hoisted(() => ({ db: null as unknown }));
vi.mock('../../auth/session.server', () => ({
  getAdminSession: async () => officer,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('next/cache', () => ({ refresh: () => undefined }));
vi.mock('../../log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const { turnOnPushAction } = await import('./subscriptions');
const { listDevices, MAX_DEVICES_PER_ACCOUNT } = await import('../subscriptions.server');

let db: DB;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  const handle = tempSqlite();
  cleanup = handle.cleanup;
  db = handle.db;
  await migrateToLatest(db);
  const stamp = new Date().toISOString();
  await db
    .insertInto('admin_users')
    .values({
      id: 'officer',
      email: 'lo@example.com',
      role: 'loan_officer',
      password_hash: 'x',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  state.db = db;
});
afterEach(() => cleanup());

function subscription(endpoint: string, userAgent = 'Mozilla/5.0 (Linux; Android 15) Chrome/131.0 Mobile') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), userAgent };
}

describe('turning lead alerts on', () => {
  it.each([
    'https://10.0.0.5/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fe80::1]/push/1',
    'https://127.0.0.1:8443/push/1',
    'https://hooks.attacker.example/redirects-to-metadata',
  ])('refuses an endpoint that is no browser push service, storing nothing: %s', async (endpoint) => {
    const result = await turnOnPushAction(subscription(endpoint));
    expect(result).toMatchObject({ ok: false, title: 'Alerts Not On' });
    expect(result.ok ? '' : result.error).toMatch(
      /^Alerts go only through a browser's own push service .*; this browser offered /,
    );
    expect(await db.selectFrom('push_subscriptions').select('id').execute()).toEqual([]);
  });

  it('keeps at most ten devices: the eleventh replaces the one longest without an alert, and says which', async () => {
    for (let i = 0; i < MAX_DEVICES_PER_ACCOUNT; i++) {
      const ua = i === 3 ? 'Mozilla/5.0 (Windows NT 10.0) Firefox/128.0' : `Mozilla/5.0 Chrome/13${i}.0`;
      const result = await turnOnPushAction(subscription(`https://fcm.googleapis.com/fcm/send/device-${i}`, ua));
      expect(result).toMatchObject({ ok: true, title: '🔔 Alerts On' });
    }
    // Every device but the fourth has had an alert since; the fourth has gone longest without one.
    await db
      .updateTable('push_subscriptions')
      .set({ last_used_at: new Date().toISOString() })
      .where('endpoint', '!=', 'https://fcm.googleapis.com/fcm/send/device-3')
      .execute();

    const result = await turnOnPushAction(subscription('https://updates.push.services.mozilla.com/wpush/v2/new-phone'));
    expect(result).toMatchObject({ ok: true, title: '🔔 Alerts On' });
    expect(result.ok ? result.message : '').toContain(
      'Alerts stay on 10 devices at most, so they are now off on Firefox 128 on Windows',
    );
    const devices = await listDevices(db, 'officer');
    expect(devices).toHaveLength(MAX_DEVICES_PER_ACCOUNT);
    expect(devices.map((d) => d.endpoint)).toContain('https://updates.push.services.mozilla.com/wpush/v2/new-phone');
    expect(devices.map((d) => d.endpoint)).not.toContain('https://fcm.googleapis.com/fcm/send/device-3');
    const logged = await db.selectFrom('activity_log').select('action').where('action', '=', 'push_device_removed').execute();
    expect(logged).toHaveLength(1);
  });
});
