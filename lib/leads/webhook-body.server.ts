import 'server-only';
import type { DB } from '../db/connect.server';
import type { WebhookEvent } from '../webhooks/events';
import { openLeadFields } from './sealed-fields.server';

/**
 * The body of a lead event, as every receiver gets it (Standard Webhooks' `type`, `timestamp`,
 * `data`): the lead's contact columns, status, the page it came from, where the visitor came from
 * (`source`: the attribution's first and last touch, lib/attribution) and every submitted field.
 */
export interface LeadEventData {
  id: string;
  kind: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  submittedAt: string;
  page: string;
  source: Record<string, unknown>;
  fields: Record<string, string>;
}

export interface LeadEventBody {
  type: WebhookEvent;
  timestamp: string;
  data: LeadEventData;
}

/** Parsed defensively: a lead stored before attribution has '{}', never anything but an object. */
function objectOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The event bodies of the leads (read inside the caller's transaction), by lead id; a lead not found has none. */
export async function leadEventBodies(trx: DB, ids: string[], type: WebhookEvent, at: Date): Promise<Map<string, LeadEventBody>> {
  const bodies = new Map<string, LeadEventBody>();
  if (ids.length === 0) return bodies;
  const rows = await trx
    .selectFrom('leads')
    .select(['id', 'kind', 'status', 'name', 'email', 'phone', 'created_at', 'page', 'attribution', 'fields'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    bodies.set(row.id, {
      type,
      timestamp: at.toISOString(),
      data: {
        id: row.id,
        kind: row.kind,
        status: row.status,
        name: row.name,
        email: row.email,
        phone: row.phone,
        submittedAt: row.created_at,
        page: row.page,
        source: objectOf(row.attribution),
        fields: openLeadFields(row.id, row.fields),
      },
    });
  }
  return bodies;
}
