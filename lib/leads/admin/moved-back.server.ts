import 'server-only';
import type { DB } from '../../db/connect.server';
import { MetaKey } from '../../db/meta-keys';

/**
 * The leads migration 0014 brought back from the spam folder (ADR 030): how many, and when. The
 * Leads page tells the owner until they dismiss it, so nobody wonders where older leads came from.
 */
export interface MovedBack {
  count: number;
  at: string;
}

export async function readMovedBack(db: DB): Promise<MovedBack | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.spamMovedBack).executeTakeFirst();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as Partial<MovedBack>;
    return typeof value.count === 'number' && typeof value.at === 'string' ? { count: value.count, at: value.at } : null;
  } catch {
    return null;
  }
}

export async function dismissMovedBack(db: DB): Promise<void> {
  await db.deleteFrom('app_meta').where('key', '=', MetaKey.spamMovedBack).execute();
}
