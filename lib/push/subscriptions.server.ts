import 'server-only';
import { sql } from 'kysely';
import { can, ROLES } from '../auth/roles';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';

/**
 * The devices that turned lead alerts on: one row per browser PushSubscription, owned by the
 * account that subscribed it. An endpoint is unique: the same browser subscribing again (or for
 * another account after a sign-in as someone else) moves the row to the newest owner and keys.
 *
 * An account keeps alerts on MAX_DEVICES_PER_ACCOUNT devices at most: turning them on for one
 * more removes the one that has gone longest without an alert (ADR 028). A person turning alerts
 * on a new phone expects that phone to work; the device dropped is most likely one they no
 * longer use (a replaced phone, a browser whose data was cleared, whose old subscription lives
 * on here), and the answer names it so they can turn it on again there if they still use it.
 */

/** Devices per account: a person's phone, laptop and a few more; every lead goes to each. */
export const MAX_DEVICES_PER_ACCOUNT = 10;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

export interface Device {
  id: string;
  /** Shown only to the device's own account: how its browser recognises itself in the list. */
  endpoint: string;
  userAgent: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * PostgreSQL: two devices of one account turned on at once would each count the other out. An
 * advisory lock per account, held until commit, makes them take turns. SQLite has one writer.
 */
async function oneAtATimePerAccount(trx: DB, userId: string): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('clp.push_devices'), hashtext(${userId}))`.execute(trx);
}

/**
 * Stores (or takes over) a device's subscription for `userId`, inside the caller's transaction;
 * returns its id and the device removed to keep the account within MAX_DEVICES_PER_ACCOUNT, if any.
 */
export async function saveSubscription(
  db: DB,
  userId: string,
  sub: NewSubscription,
  now: Date,
): Promise<{ id: string; replaced: Device | null }> {
  await oneAtATimePerAccount(db, userId);
  const id = newId();
  await db
    .insertInto('push_subscriptions')
    .values({
      id,
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: sub.userAgent.slice(0, 300),
      created_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        user_agent: sub.userAgent.slice(0, 300),
        created_at: now.toISOString(),
      }),
    )
    .execute();
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', sub.endpoint)
    .executeTakeFirstOrThrow();
  return { id: row.id, replaced: await keepWithinLimit(db, userId, row.id) };
}

/** Removes the account's devices beyond the limit, longest without an alert first (never `keep`); returns the first removed. */
async function keepWithinLimit(db: DB, userId: string, keep: string): Promise<Device | null> {
  const devices = await listDevices(db, userId);
  const excess = devices.length - MAX_DEVICES_PER_ACCOUNT;
  if (excess <= 0) return null;
  const lastHeardOf = (d: Device) => d.lastUsedAt ?? d.createdAt;
  const oldest = devices
    .filter((d) => d.id !== keep)
    .sort((a, b) => lastHeardOf(a).localeCompare(lastHeardOf(b)) || a.id.localeCompare(b.id))
    .slice(0, excess);
  await db
    .deleteFrom('push_subscriptions')
    .where(
      'id',
      'in',
      oldest.map((d) => d.id),
    )
    .execute();
  return oldest[0] ?? null;
}

/** An account's devices, newest first. */
export async function listDevices(db: DB, userId: string): Promise<Device[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'user_agent', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    endpoint: r.endpoint,
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

/** Removes one of the account's own devices by id; false when it is not theirs (or gone). */
export async function removeDevice(db: DB, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes the account's subscription of one browser ('Turn off' on that device); false when none. */
export async function removeEndpoint(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether this browser's endpoint is subscribed for the account. */
export async function hasEndpoint(db: DB, userId: string, endpoint: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The roles that may see leads, so may get lead alerts. */
export const LEAD_ROLES = ROLES.filter((role) => can(role, 'leads'));

/** Whether any account that may see leads has a device with alerts on (a lead's push alert is written only then). */
export async function hasLeadAlertDevice(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .innerJoin('admin_users', 'admin_users.id', 'push_subscriptions.user_id')
    .select('push_subscriptions.id')
    .where('admin_users.role', 'in', LEAD_ROLES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every subscription of an account that may see leads (a lead alert goes to each). */
export async function leadAlertSubscriptions(db: DB): Promise<{ id: string; userId: string }[]> {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('admin_users', 'admin_users.id', 'push_subscriptions.user_id')
    .select(['push_subscriptions.id as id', 'push_subscriptions.user_id as userId'])
    .where('admin_users.role', 'in', LEAD_ROLES)
    .orderBy('push_subscriptions.id')
    .execute();
}
