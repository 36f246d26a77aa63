import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 7).toString('hex');
});

const { pushTransport } = await import('../../lib/notifications/transports/push.server');

/**
 * No setting or data an account controls can make storing a lead fail (issue 28, finding 2).
 * Before, each lead wrote one push alert per device in its own transaction: some 3,270 devices on
 * SQLite (6,550 on PostgreSQL) took the insert past the bind-parameter limit and every lead failed.
 * Here the devices and endpoints are written straight into the tables, as data from before the
 * limits (10 devices per account, 20 endpoints) would be: a lead still stores, with one push alert
 * for every device, which the push worker expands outside the lead's transaction.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const DEVICES = 7_000;
const ENDPOINTS = 3_500;
const NOW = new Date('2026-11-25T10:00:00.000Z');

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

describe.each(engines)('a lead with thousands of devices and endpoints on %s', (_engine, open) => {
  async function crowdedDb(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const db = handle.db;
    await migrateToLatest(db);
    const stamp = NOW.toISOString();
    const accounts = ['officer-a', 'officer-b', 'officer-c'];
    await db
      .insertInto('admin_users')
      .values(
        accounts.map((id) => ({
          id,
          email: `${id}@example.com`,
          role: 'loan_officer',
          password_hash: 'x',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    await inChunks(
      Array.from({ length: DEVICES }, (_, i) => ({
        id: `device-${i}`,
        user_id: accounts[i % accounts.length]!,
        endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        user_agent: 'Chrome',
        created_at: stamp,
      })),
      (chunk) => db.insertInto('push_subscriptions').values(chunk).execute(),
    );
    await inChunks(
      Array.from({ length: ENDPOINTS }, (_, i) => ({
        id: `endpoint-${String(i).padStart(5, '0')}`,
        url: `https://hooks.example.com/${i}`,
        secret: 'sealed',
        description: '',
        events: '["lead.created"]',
        enabled: 1,
        created_at: stamp,
        updated_at: stamp,
      })),
      (chunk) => db.insertInto('webhook_endpoints').values(chunk).execute(),
    );
    return db;
  }

  it('stores the lead with one push alert for every device, and the worker expands it to each device', async () => {
    const db = await crowdedDb();
    const { id } = await recordLead(
      db,
      {
        kind: 'application',
        fields: fullApplication,
        page: '/apply',
        consent: true,
        spamReason: null,
        clientAddress: '198.51.100.7',
        userAgent: 'test',
      },
      NOW,
    );
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([{ id }]);
    const written = await db
      .selectFrom('notifications')
      .select(['channel', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('subject_id', '=', id)
      .groupBy('channel')
      .orderBy('channel')
      .execute();
    expect(written.map((r) => [r.channel, Number(r.count)])).toEqual([
      ['email', 1],
      ['push', 1],
      ['webhook', ENDPOINTS],
    ]);

    // The worker's claim expands the alert into one per device; stopped right after, the sends are another test's.
    let expanded = false;
    const log = {
      info: (data: object) => void (expanded ||= (data as { event?: string }).event === 'notification.expanded'),
      warn: vi.fn(),
    };
    await deliverDue(
      db,
      pushTransport(async () => db, { subject: 'https://loans.example' }),
      log,
      () => NOW,
      {
        stopped: () => expanded,
      },
    );
    expect(expanded).toBe(true);
    const perDevice = await db
      .selectFrom('notifications')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('count'),
        (eb) => eb.fn.count<number | string>('recipient').distinct().as('accounts'),
      ])
      .where('subject_id', '=', id)
      .where('channel', '=', 'push')
      .where('status', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect([Number(perDevice.count), Number(perDevice.accounts)]).toEqual([DEVICES, 3]);
  });
});
