import 'server-only';
import { can, ROLES } from '../auth/roles';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';

/**
 * The devices that turned lead alerts on: one row per browser PushSubscription, owned by the
 * account that subscribed it. An endpoint is unique: the same browser subscribing again (or for
 * another account after a sign-in as someone else) moves the row to the newest owner and keys.
 */

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

/** Stores (or takes over) a device's subscription for `userId`; returns its id. */
export async function saveSubscription(db: DB, userId: string, sub: NewSubscription, now: Date): Promise<string> {
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
  return row.id;
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
