import 'server-only';
import type { ActivityActor } from '../../activity/record.server';
import type { DB } from '../../db/connect.server';
import { newId } from '../../db/ids';
import type { StatusChange } from './types';

/**
 * A lead's status history (lead_status_changes): every change of status, spam and 'Not spam'
 * included, with its time and who made it. Written in the transaction of the change itself, so the
 * history never disagrees with the lead; the overview's time to first contact reads its first row.
 */

export async function recordStatusChange(
  trx: DB,
  change: { leadId: string; from: string; to: string; reason?: string | null; actor: ActivityActor; at: Date },
): Promise<void> {
  if (change.from === change.to) return;
  await trx
    .insertInto('lead_status_changes')
    .values({
      id: newId(),
      lead_id: change.leadId,
      from_status: change.from,
      to_status: change.to,
      reason: change.to === 'lost' ? (change.reason ?? null) : null,
      actor_id: change.actor.id,
      actor: change.actor.label.slice(0, 254),
      at: change.at.toISOString(),
    })
    .execute();
}

/** A lead's changes, oldest first. */
export async function listStatusHistory(db: DB, leadId: string): Promise<StatusChange[]> {
  const rows = await db
    .selectFrom('lead_status_changes')
    .select(['from_status', 'to_status', 'reason', 'actor', 'at'])
    .where('lead_id', '=', leadId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ from: r.from_status, to: r.to_status, reason: r.reason, actor: r.actor, at: r.at }));
}
