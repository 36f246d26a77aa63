import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { ActivityAction } from './kinds';

/**
 * Appends to the activity log. Called inside the same transaction as the change it records where
 * there is one, so the log never tells of a change that did not happen (nor misses one that did).
 * Entries are never updated (a trigger refuses it) and only the retention job deletes them.
 */

export interface ActivityActor {
  /** The account's id; null when there is none (an unknown e-mail at sign-in, a scheduled job). */
  id: string | null;
  /** As the log shows it: the account's e-mail, 'admin' for the built-in owner, 'system'. */
  label: string;
}

export const SYSTEM_ACTOR: ActivityActor = { id: null, label: 'system' };

export interface ActivityEntry {
  actor: ActivityActor;
  action: ActivityAction;
  /** The row acted on, by id: never a visitor's e-mail or name (a privacy deletion must leave none). */
  target?: string;
  /** What changed, as short values (never a lead's personal figures). */
  detail?: Record<string, string | number | boolean | null>;
  /** The client address the request came from ('' for jobs). */
  ip?: string;
}

export async function recordActivity(db: DB, entry: ActivityEntry, now = new Date()): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      id: newId(),
      at: now.toISOString(),
      actor_id: entry.actor.id,
      actor: entry.actor.label.slice(0, 254),
      action: entry.action,
      target: (entry.target ?? '').slice(0, 200),
      detail: JSON.stringify(entry.detail ?? {}),
      ip: (entry.ip ?? '').slice(0, 64),
    })
    .execute();
}

/** The label an account is logged under. */
export function actorOf(account: { id: string; email: string | null }): ActivityActor {
  return { id: account.id, label: account.email ?? account.id };
}
