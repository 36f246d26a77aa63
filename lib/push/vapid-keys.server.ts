import 'server-only';
import webPush from 'web-push';
import { open, seal } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';

/**
 * The site's web push identity (VAPID, RFC 8292): one P-256 key pair, made at first start and kept
 * in app_meta, so every instance signs with the same key and the devices' subscriptions (made
 * against the public key) survive restarts. The private key is sealed with SECRET_KEY like the
 * TOTP secrets: a copy of the database alone cannot sign pushes.
 *
 * Several instances starting at once each make a pair, but only the first insert lands
 * (`on conflict do nothing`) and every instance then reads the stored one.
 */

export interface VapidKeys {
  /** base64url of the uncompressed public point: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

interface StoredKeys {
  publicKey: string;
  /** secret-box sealed, context 'vapid'. */
  privateKey: string;
}

/** The secret box context of the private key (also ./reseal.server.ts's). */
export const SEAL_CONTEXT = 'vapid';

export class VapidKeyError extends Error {
  override name = 'VapidKeyError';
}

async function readStored(db: DB): Promise<StoredKeys | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.vapidKeys).executeTakeFirst();
  return row ? (JSON.parse(row.value) as StoredKeys) : null;
}

/** The stored keys as stored (private key sealed), made and stored first if there are none. */
async function storedKeys(db: DB): Promise<StoredKeys> {
  const stored = await readStored(db);
  if (stored) return stored;
  const made = webPush.generateVAPIDKeys();
  const value = JSON.stringify({ publicKey: made.publicKey, privateKey: seal(made.privateKey, SEAL_CONTEXT) });
  await db
    .insertInto('app_meta')
    .values({ key: MetaKey.vapidKeys, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Ours, or the pair of an instance that stored its own first.
  const winner = await readStored(db);
  if (!winner) throw new VapidKeyError('The web push keys could not be stored');
  return winner;
}

/** The key pair, made and stored first if there is none. */
export async function vapidKeys(db: DB): Promise<VapidKeys> {
  const stored = await storedKeys(db);
  const privateKey = open(stored.privateKey, SEAL_CONTEXT);
  if (privateKey === null) {
    throw new VapidKeyError(
      'The stored web push key does not open with this SECRET_KEY (was the key changed?): restore the key, or delete ' +
        "app_meta's vapid_keys row and have every device turn alerts on again",
    );
  }
  return { publicKey: stored.publicKey, privateKey };
}

/** Only the public key (what the browser subscribes with; needs no SECRET_KEY); makes the pair if there is none. */
export async function vapidPublicKey(db: DB): Promise<string> {
  return (await storedKeys(db)).publicKey;
}
