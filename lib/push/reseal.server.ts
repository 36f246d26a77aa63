import 'server-only';
import { expectUpdated, ResealError, resealValue, type ResealCount } from '../auth/reseal.server';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import { SEAL_CONTEXT } from './vapid-keys.server';

/**
 * Key rotation of the web push (VAPID) private key (./vapid-keys.server.ts): sealed again under a
 * new SECRET_KEY. The pair itself stays, so every device's subscription keeps working.
 */
export async function resealVapidKey(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.vapidKeys).executeTakeFirst();
  if (!row) return { resealed: 0, alreadyNew: 0 };
  const where = `app_meta row ${MetaKey.vapidKeys} (the web push private key)`;
  const stored = storedPair(row.value, where);
  const resealed = resealValue(stored.privateKey, SEAL_CONTEXT, oldKey, newKey, where);
  if (resealed === null) return { resealed: 0, alreadyNew: 1 };
  expectUpdated(
    await db
      .updateTable('app_meta')
      .set({ value: JSON.stringify({ ...stored, privateKey: resealed }) })
      .where('key', '=', MetaKey.vapidKeys)
      .where('value', '=', row.value)
      .executeTakeFirst(),
    where,
  );
  return { resealed: 1, alreadyNew: 0 };
}

function storedPair(json: string, where: string): { publicKey: string; privateKey: string } {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && typeof (value as { privateKey?: unknown }).privateKey === 'string')
      return value as { publicKey: string; privateKey: string };
  } catch {
    // Reported below with the row's name.
  }
  throw new ResealError(`${where} is not the JSON key pair the site stores.`);
}
