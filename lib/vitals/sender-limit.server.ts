import 'server-only';
import { createHash } from 'node:crypto';
import type { DB } from '../db/connect.server';
import { addressKey } from '../http/address-key';

/**
 * How many Web Vitals reports one client address may send per minute, counted in the database so
 * the allowance is one whichever instances receive the reports (ADR 017). The metrics are never
 * stored with an address: this count keeps only a one-way hash of the address and the minute
 * (`vitals_senders`), and the rows of past minutes are deleted after a minute. Fixed one-minute
 * windows; the increment and its check are one statement, atomic on both engines.
 */
export class SenderLimit {
  private prunedMinute = -1;

  constructor(
    private readonly db: () => Promise<DB>,
    private readonly perMinute: number,
  ) {}

  /** Counts one report from `address`; false when the address has used up its minute. */
  async allow(address: string, now = Date.now()): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    const db = await this.db();
    const row = await db
      .insertInto('vitals_senders')
      .values({ sender: senderHash(address, minute), minute, count: 1 })
      .onConflict((conflict) =>
        conflict.columns(['sender', 'minute']).doUpdateSet((eb) => ({ count: eb('vitals_senders.count', '+', 1) })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    if (minute !== this.prunedMinute) {
      this.prunedMinute = minute;
      await db.deleteFrom('vitals_senders').where('minute', '<', minute).execute();
    }
    return Number(row.count) <= this.perMinute;
  }
}

/** The address's counting key, hashed with the minute: the table never holds an address. */
export function senderHash(address: string, minute: number): string {
  return createHash('sha256')
    .update(`${minute}|${addressKey(address)}`)
    .digest('hex')
    .slice(0, 32);
}
