import 'server-only';
import { sql } from 'kysely';
import { open, seal } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { newId } from '../db/ids';
import { env } from '../env.server';
import { PENDING } from '../notifications/types';
import { ENV_ENDPOINT_ID, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEvent } from './events';

export type { WebhookEndpoint };
import { newWebhookSecret } from './signature.server';

/**
 * The webhook endpoints: those the owner sets in Integrations (secret sealed with SECRET_KEY,
 * bound to the endpoint's id, shown once) and the one LEAD_WEBHOOK_URL configures ('env').
 */

/** Where to send and how to sign, at the moment of sending. */
export interface EndpointTarget {
  url: string;
  secret: string;
  enabled: boolean;
}

/** The secret box context of an endpoint's secret (also ./reseal.server.ts's). */
export const secretContext = (id: string) => `webhook:${id}`;

function parseEvents(json: string): WebhookEvent[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? WEBHOOK_EVENT_TYPES.filter((e) => value.includes(e)) : [];
  } catch {
    return [];
  }
}

function envEndpoint(): WebhookEndpoint | null {
  if (!env.LEAD_WEBHOOK_URL || !env.LEAD_WEBHOOK_SECRET) return null;
  const description = 'Set by LEAD_WEBHOOK_URL';
  return {
    id: ENV_ENDPOINT_ID,
    url: env.LEAD_WEBHOOK_URL,
    description,
    events: WEBHOOK_EVENT_TYPES,
    enabled: true,
    createdAt: '',
    fromEnv: true,
  };
}

/** Every endpoint, the configured one first, then the owner's oldest first. */
export async function listEndpoints(db: DB): Promise<WebhookEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'description', 'events', 'enabled', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const fromDb = rows.map((r) => ({
    id: r.id,
    url: r.url,
    description: r.description,
    events: parseEvents(r.events),
    enabled: Number(r.enabled) === 1,
    createdAt: r.created_at,
    fromEnv: false,
  }));
  const configured = envEndpoint();
  return configured ? [configured, ...fromDb] : fromDb;
}

/** The ids of the endpoints that receive an event now (enabled, subscribed to it). */
export async function endpointsFor(db: DB, event: WebhookEvent): Promise<string[]> {
  const endpoints = await listEndpoints(db);
  return endpoints.filter((e) => e.enabled && e.events.includes(event)).map((e) => e.id);
}

/**
 * Endpoints the owner may set: each new lead writes one delivery per endpoint in its own
 * transaction, so their number is bounded (ADR 028); far more than a broker's tools.
 */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/**
 * Adds an endpoint; returns it with its secret, which is never shown again, or 'full' when there
 * are MAX_WEBHOOK_ENDPOINTS already. Two owners adding at once on PostgreSQL take turns (an
 * advisory lock until commit), so the count holds.
 */
export async function createEndpoint(
  trx: DB,
  input: { url: string; description: string; events: WebhookEvent[] },
  now: Date,
): Promise<{ id: string; secret: string } | 'full'> {
  if (engineOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('clp.webhook_endpoints'))`.execute(trx);
  const { count } = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOK_ENDPOINTS) return 'full';
  const id = newId(now.getTime());
  const secret = newWebhookSecret();
  const stamp = now.toISOString();
  await trx
    .insertInto('webhook_endpoints')
    .values({
      id,
      url: input.url,
      secret: seal(secret, secretContext(id)),
      description: input.description,
      events: JSON.stringify(input.events),
      enabled: 1,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { id, secret };
}

/** Turns an endpoint on or off; returns its URL, or null when there is no such endpoint. */
export async function setEndpointEnabled(trx: DB, id: string, enabled: boolean, now: Date): Promise<string | null> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: enabled ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returning('url')
    .executeTakeFirst();
  return row?.url ?? null;
}

/**
 * Deletes an endpoint; its deliveries stay in the log, and those still waiting fail at once
 * (there is nowhere left to send them). Returns its URL, or null when there was none.
 */
export async function deleteEndpoint(trx: DB, id: string, now: Date): Promise<string | null> {
  const row = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).returning('url').executeTakeFirst();
  if (!row) return null;
  await trx
    .updateTable('notifications')
    .set({ status: 'failed', next_attempt_at: null, last_error: 'The endpoint was deleted', updated_at: now.toISOString() })
    .where('recipient', '=', `webhook:${id}`)
    .where('status', 'in', [...PENDING, 'skipped'])
    .execute();
  return row.url;
}

/** The endpoint's address and secret for sending, or null when it is gone (or its secret does not open). */
export async function endpointTarget(db: DB, id: string): Promise<EndpointTarget | null> {
  if (id === ENV_ENDPOINT_ID) {
    const configured = envEndpoint();
    return configured && env.LEAD_WEBHOOK_SECRET ? { url: configured.url, secret: env.LEAD_WEBHOOK_SECRET, enabled: true } : null;
  }
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(['url', 'secret', 'enabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  const secret = row && open(row.secret, secretContext(id));
  return row && secret ? { url: row.url, secret, enabled: Number(row.enabled) === 1 } : null;
}
