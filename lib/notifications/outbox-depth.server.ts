import 'server-only';
import type { DB } from '../db/connect.server';

/** The notifications not sent yet, per channel, and when the oldest of them was written (GET /metrics). */
export interface ChannelDepth {
  channel: string;
  unsent: number;
  /** ISO time of the oldest unsent notification. */
  oldestAt: string;
}

/**
 * The outbox's backlog: notifications still waiting for a first attempt or failing and due again
 * ('waiting', 'failing'). A channel with none is absent. One grouped read, served by the index the
 * worker claims with.
 */
export async function outboxDepth(db: DB): Promise<ChannelDepth[]> {
  const rows = await db
    .selectFrom('notifications')
    .select((eb) => ['channel', eb.fn.countAll<string | number>().as('unsent'), eb.fn.min<string>('created_at').as('oldest_at')])
    .where('status', 'in', ['waiting', 'failing'])
    .groupBy('channel')
    .execute();
  return rows.map((row) => ({ channel: row.channel, unsent: Number(row.unsent), oldestAt: row.oldest_at }));
}
