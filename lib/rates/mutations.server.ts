import 'server-only';
import type { Transaction } from 'kysely';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { MetaKey } from '../db/meta-keys';
import type { Database } from '../db/schema';
import { archiveRates } from './archive.server';
import { readRates } from './queries.server';
import { PLACEHOLDER_RATE, type RateInput } from './schema';
import type { Rate } from './types';

/**
 * Rate writes. Each one also moves app_meta's ratesChangedAt, the rates page's 'Last updated',
 * in the same transaction, so the date can never disagree with the list, and records the rates in
 * the ad archive (./archive.server.ts) before it commits.
 */

/** The columns a rate's fields are stored in, named one by one: nothing else reaches the table. */
function toColumns(input: RateInput) {
  const { type, icon, rate, apr, rateKind, term, notes } = input;
  return { type, icon, rate, apr, rate_kind: rateKind, term, notes };
}

async function touch(trx: Transaction<Database>, now: Date) {
  const stamp = now.toISOString();
  await trx
    .insertInto('app_meta')
    .values({ key: MetaKey.ratesChangedAt, value: stamp })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: stamp }))
    .execute();
  await archiveRates(trx, now);
}

export async function addRate(db: DB, input: RateInput = PLACEHOLDER_RATE, now = new Date()): Promise<Rate> {
  const stamp = now.toISOString();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('rates')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('rates')
      .values({ id, ...toColumns(input), position: (max ?? -1) + 1, updated_at: stamp })
      .execute();
    await touch(trx, now);
  });
  return (await readRates(db)).find((r) => r.id === id)!;
}

export async function updateRate(db: DB, id: string, input: RateInput, now = new Date()): Promise<Rate | null> {
  const stamp = now.toISOString();
  const changed = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('rates')
      .set({ ...toColumns(input), updated_at: stamp })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await touch(trx, now);
    return true;
  });
  return changed ? ((await readRates(db)).find((r) => r.id === id) ?? null) : null;
}

export async function deleteRate(db: DB, id: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('rates').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await touch(trx, now);
    return true;
  });
}

/** Puts the rates in the given order; ids not listed keep their place after the listed ones. */
export async function reorderRates(db: DB, ids: string[], now = new Date()): Promise<Rate[]> {
  await db.transaction().execute(async (trx) => {
    const current = (await trx.selectFrom('rates').select('id').orderBy('position').orderBy('id').execute()).map((r) => r.id);
    const known = new Set(current);
    const order = [...new Set(ids.filter((id) => known.has(id))), ...current.filter((id) => !ids.includes(id))];
    for (const [position, id] of order.entries()) {
      await trx.updateTable('rates').set({ position }).where('id', '=', id).execute();
    }
    await touch(trx, now);
  });
  return readRates(db);
}
