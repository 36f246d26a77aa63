import 'server-only';
import { open, seal } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { keyContext, nameContext } from './cipher.server';

/**
 * Key rotation: re-seals every document's key and name under a new SECRET_KEY. The content is
 * encrypted with each document's own key, which does not change, so no chunk is read or
 * rewritten: rotating costs two small updates per document whatever the files' sizes. Run it with
 * the old and new keys while no upload is under way, then give the instances the new key.
 *
 * A value already sealed with the new key is left as it is, so a run cut short can be run again.
 * One that opens with neither key stops the run: it would be lost with the old key.
 */

const PAGE = 200;

export interface RewrapCount {
  /** Documents re-sealed under the new key. */
  rewrapped: number;
  /** Documents already under it (a run before was cut short). */
  alreadyNew: number;
}

export async function rewrapDocumentKeys(db: DB, oldKey: Buffer, newKey: Buffer): Promise<RewrapCount> {
  const count: RewrapCount = { rewrapped: 0, alreadyNew: 0 };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'name', 'wrapped_key'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      const resealed = reseal(row, oldKey, newKey);
      if (resealed === 'already new') count.alreadyNew++;
      else {
        await db.updateTable('documents').set(resealed).where('id', '=', row.id).execute();
        count.rewrapped++;
      }
    }
    if (rows.length < PAGE) return count;
    after = rows[rows.length - 1]!.id;
  }
}

function reseal(
  row: { id: string; name: string; wrapped_key: string },
  oldKey: Buffer,
  newKey: Buffer,
): { name: string; wrapped_key: string } | 'already new' {
  const name = open(row.name, nameContext(row.id), oldKey);
  const key = open(row.wrapped_key, keyContext(row.id), oldKey);
  if (name !== null && key !== null)
    return { name: seal(name, nameContext(row.id), newKey), wrapped_key: seal(key, keyContext(row.id), newKey) };
  if (open(row.name, nameContext(row.id), newKey) !== null && open(row.wrapped_key, keyContext(row.id), newKey) !== null)
    return 'already new';
  throw new Error(`Document ${row.id} opens with neither the old key nor the new one; nothing after it was rewrapped.`);
}
