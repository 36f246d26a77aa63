import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { env } from '../../lib/env.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { countTroubled } from '../../lib/notifications/queries.server';
import { engines } from '../support/engines';
import { listen, serversOfEachTest } from '../support/http-server';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { pushService, verifyVapid } from '../support/push-service';
import { testTls } from '../support/test-tls';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 7).toString('hex');
});

/** The stand-in push service listens on 127.0.0.1; the devices' endpoints name Google's push host, mapped to it. */
const PUSH_HOST = 'fcm.googleapis.com';
const saved = { ...env };
beforeEach(() => {
  Object.assign(env, { OUTBOUND_ALLOW_PRIVATE: true, OUTBOUND_RESOLVE: `${PUSH_HOST}=127.0.0.1` });
});
afterEach(() => {
  Object.assign(env, saved);
});

const { saveSubscription, listDevices, removeDevice } = await import('../../lib/push/subscriptions.server');
const { vapidKeys } = await import('../../lib/push/vapid-keys.server');
const { pushTransport } = await import('../../lib/notifications/transports/push.server');

/**
 * Web push end to end on a real database: a lead writes one alert for every device, which the push
 * worker expands into one per device of every account that may see leads; the transport sends
 * each, encrypted for that device and signed with the site's VAPID key, over https to a stand-in
 * push service (reached as fcm.googleapis.com through OUTBOUND_RESOLVE); the device's keys
 * decrypt kind, name and amount.
 */

const cleanups: (() => Promise<void>)[] = [];
const servers = serversOfEachTest();
afterEach(async () => {
  await servers.closeAll();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };
const NOW = new Date('2026-11-22T15:00:00.000Z');
const SUBJECT = 'https://loans.example.com';

const application: NewLead = {
  kind: 'application',
  fields: fullApplication,
  page: '/apply',
  consent: true,
  spamReason: null,
  clientAddress: '198.51.100.7',
  userAgent: 'test',
};

describe.each(engines)('web push alerts on %s', (_name, open) => {
  async function freshDb(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const stamp = NOW.toISOString();
    await handle.db
      .insertInto('admin_users')
      .values([
        { id: 'admin', email: null, role: 'owner', password_hash: 'x', created_at: stamp, updated_at: stamp },
        {
          id: 'officer',
          email: 'lo@example.com',
          role: 'loan_officer',
          password_hash: 'x',
          created_at: stamp,
          updated_at: stamp,
        },
        { id: 'editor', email: 'ed@example.com', role: 'editor', password_hash: 'x', created_at: stamp, updated_at: stamp },
      ])
      .execute();
    return handle.db;
  }

  const pushRows = (db: DB) =>
    db.selectFrom('notifications').selectAll().where('channel', '=', 'push').orderBy('recipient').execute();

  it('makes the VAPID key pair once, even when several callers race for it', async () => {
    const db = await freshDb();
    const all = await Promise.all(Array.from({ length: 6 }, () => vapidKeys(db)));
    expect(new Set(all.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(all.map((k) => k.privateKey)).size).toBe(1);
    const rows = await db.selectFrom('app_meta').selectAll().where('key', '=', 'vapid_keys').execute();
    expect(rows).toHaveLength(1);
    // The private key is stored sealed, never in the clear.
    expect(rows[0]!.value).not.toContain(all[0]!.privateKey);
    expect(await vapidKeys(db)).toEqual(all[0]);
  });

  it('sends each device of each lead account an encrypted alert with kind, name and amount', async () => {
    const db = await freshDb();
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    const phone = service.device('owner-phone');
    const laptop = service.device('officer-laptop');
    const editorDevice = service.device('editor');
    await saveSubscription(db, 'admin', { ...phone.subscription, userAgent: 'Phone' }, NOW);
    await saveSubscription(db, 'officer', { ...laptop.subscription, userAgent: 'Laptop' }, NOW);
    await saveSubscription(db, 'editor', { ...editorDevice.subscription, userAgent: 'Editor' }, NOW);

    const { id } = await recordLead(db, application, NOW);
    // The lead's transaction writes one alert for every device, whatever their number.
    const written = await pushRows(db);
    expect(written.map((r) => [r.recipient, r.status, r.subject_id])).toEqual([['devices', 'waiting', id]]);

    const sent = await deliverDue(
      db,
      pushTransport(async () => db, { subject: SUBJECT }),
      log,
    );
    expect(sent).toBe(2);
    // The worker expanded it into one per device; the editor cannot see leads, so gets no lead alert.
    const rows = await pushRows(db);
    expect(rows.map((r) => [r.recipient, r.subject_id, r.created_at])).toEqual([
      ['user:admin', id, NOW.toISOString()],
      ['user:officer', id, NOW.toISOString()],
    ]);
    expect(service.received.map((r) => r.path).sort()).toEqual(['/push/officer-laptop', '/push/owner-phone']);

    const { publicKey } = await vapidKeys(db);
    for (const push of service.received) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.urgency).toBe('high');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      // Not readable in transit: the name is nowhere in the bytes sent.
      expect(push.body.includes(Buffer.from('Jane Builder'))).toBe(false);
      const vapid = verifyVapid(push.headers.authorization);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims).toMatchObject({ aud: `https://${PUSH_HOST}:${service.port}`, sub: SUBJECT });

      const device = push.path.endsWith('owner-phone') ? phone : laptop;
      expect(device.decrypt(push.body)).toEqual({
        title: 'New lead: Detailed application',
        body: 'Jane Builder · $695,000',
        url: `/admin/leads?lead=${id}`,
        tag: `lead-${id}`,
      });
    }
    expect((await pushRows(db)).map((r) => r.status)).toEqual(['sent', 'sent']);
    const devices = await listDevices(db, 'admin');
    expect(devices).toHaveLength(1);
    expect(devices[0]!.lastUsedAt).not.toBeNull();
  });

  it('removes a device the push service no longer knows (410) and fails its alert without retry', async () => {
    const db = await freshDb();
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    const phone = service.device('gone');
    await saveSubscription(db, 'admin', { ...phone.subscription, userAgent: 'Phone' }, NOW);
    await recordLead(db, application, NOW);
    service.answer(410);

    await deliverDue(
      db,
      pushTransport(async () => db, { subject: SUBJECT }),
      log,
    );
    const [row] = await pushRows(db);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(row!.last_error).toContain('410');
    expect(await listDevices(db, 'admin')).toEqual([]);
    // A device gone is no trouble for the owner: the dashboard's banner does not count it.
    expect((await countTroubled(db)).lead).toEqual({ failing: 0, failed: 0 });
  });

  it('retries a push service error, and stops at a device removed since', async () => {
    const db = await freshDb();
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    const phone = service.device('busy');
    await saveSubscription(db, 'admin', { ...phone.subscription, userAgent: 'Phone' }, NOW);
    await recordLead(db, application, NOW);
    service.answer(503);

    const transport = pushTransport(async () => db, { subject: SUBJECT });
    await deliverDue(db, transport, log, () => NOW);
    const [failing] = await pushRows(db);
    expect(failing).toMatchObject({ status: 'failing', attempts: 1 });
    expect(failing!.next_attempt_at).not.toBeNull();

    const [device] = await listDevices(db, 'admin');
    expect(await removeDevice(db, 'officer', device!.id)).toBe(false); // only its own account removes it
    expect(await removeDevice(db, 'admin', device!.id)).toBe(true);
    await deliverDue(db, transport, log, () => new Date(NOW.getTime() + 24 * 3600_000));
    const [failed] = await pushRows(db);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(service.received).toHaveLength(1);
  });

  it('keeps the alerts of a lead judged spam unsent', async () => {
    const db = await freshDb();
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    await saveSubscription(db, 'admin', { ...service.device('phone').subscription, userAgent: 'Phone' }, NOW);
    await recordLead(db, { ...application, spamReason: 'honeypot' }, NOW);
    expect((await pushRows(db)).map((r) => r.status)).toEqual(['skipped']);
  });

  it('never follows a push service that redirects, and never posts to a device stored with a private endpoint', async () => {
    const db = await freshDb();
    const metadataHits: string[] = [];
    const metadata = servers.track(
      await listen((req, res) => {
        metadataHits.push(req.url ?? '');
        res.end('{"AccessKeyId":"secret"}');
      }),
    );
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    await saveSubscription(db, 'admin', { ...service.device('redirecting').subscription, userAgent: 'Phone' }, NOW);
    service.answer(307, { Location: `${metadata.url}/latest/meta-data/` });
    // A row stored before endpoints were checked: the stand-in itself, by its private address.
    const legacy = (await pushService(testTls())).device('legacy');
    await db
      .insertInto('push_subscriptions')
      .values({ id: 'legacy', user_id: 'officer', ...legacy.subscription, user_agent: 'Old', created_at: NOW.toISOString() })
      .execute();
    expect(legacy.subscription.endpoint).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/push\/legacy$/);

    await recordLead(db, application, NOW);
    expect(
      await deliverDue(
        db,
        pushTransport(async () => db, { subject: SUBJECT }),
        log,
      ),
    ).toBe(0);
    const rows = await pushRows(db);
    expect(rows.map((r) => [r.recipient, r.status, r.next_attempt_at])).toEqual([
      ['user:admin', 'failed', null],
      ['user:officer', 'failed', null],
    ]);
    expect(rows[0]!.last_error).toBe('Push: the push service answered 307, a redirect, which is never followed');
    expect(rows[1]!.last_error).toMatch(
      /^Push: Alerts go only through a browser's own push service .*127\.0\.0\.1.*; the device was removed$/,
    );
    expect(service.received).toHaveLength(1);
    expect(metadataHits).toEqual([]);
    expect(await listDevices(db, 'officer')).toEqual([]);
  });

  it("sends a lead's alerts to several devices at once, and gives up on one that does not answer in time", async () => {
    const db = await freshDb();
    const service = await pushService(testTls(), PUSH_HOST);
    servers.track(service);
    for (let i = 0; i < 6; i++)
      await saveSubscription(
        db,
        i % 2 ? 'admin' : 'officer',
        { ...service.device(`device-${i}`).subscription, userAgent: `D${i}` },
        NOW,
      );
    await recordLead(db, application, NOW);

    // Every answer held: the six requests are all in flight together, none waits for another.
    const release = service.holdAnswers();
    const transport = pushTransport(async () => db, { subject: SUBJECT, timeoutMs: 2_000 });
    const delivering = deliverDue(db, transport, log, () => NOW, { concurrency: 8 });
    await vi.waitFor(() => expect(service.received).toHaveLength(6), { timeout: 10_000, interval: 20 });
    release();
    expect(await delivering).toBe(6);

    // A service that never answers: the alert fails after the timeout, to be retried.
    await recordLead(db, application, NOW);
    service.holdAnswers();
    expect(await deliverDue(db, transport, log, () => NOW, { concurrency: 8 })).toBe(0);
    const failing = (await pushRows(db)).filter((r) => r.status !== 'sent');
    expect(failing).toHaveLength(6);
    expect(failing.every((r) => r.status === 'failing' && r.last_error === 'Push: no answer within 2 s')).toBe(true);
  });
});
