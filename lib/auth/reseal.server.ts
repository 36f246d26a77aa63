import 'server-only';
import { open, seal } from './secret-box.server';

/**
 * What every re-sealer shares when SECRET_KEY changes (lib/setup/rotate-secret-key.server.ts runs
 * them): each module that seals a column re-seals it with these, a page of rows at a time, so a
 * value already under the new key is left as it is and a run cut short can simply run again.
 */

export interface ResealCount {
  /** Rows whose values were sealed again under the new key. */
  resealed: number;
  /** Rows already under it (a run before was cut short, or the value was written since). */
  alreadyNew: number;
}

/**
 * A re-sealer that stopped: a value that opens with neither key, a row that changed under the run,
 * or the database failing. `done` counts the rows it had finished (they stay re-sealed).
 */
export class ResealError extends Error {
  override name = 'ResealError';
  done: ResealCount = { resealed: 0, alreadyNew: 0 };
}

/** Rows read per query: a re-sealer holds one page in memory, whatever the table's size. */
export const RESEAL_PAGE = 200;

/**
 * The value sealed again under `newKey`, or null when it is under `newKey` already. One that opens
 * with neither key throws: re-sealing it would lose it, and only the operator can tell why it does
 * not open (altered, or sealed with a third key).
 */
export function resealValue(sealed: string, context: string, oldKey: Buffer, newKey: Buffer, where: string): string | null {
  const plaintext = open(sealed, context, oldKey);
  if (plaintext !== null) return seal(plaintext, context, newKey);
  if (open(sealed, context, newKey) !== null) return null;
  throw new ResealError(`${where} opens with neither the old key nor the new one.`);
}

/**
 * Calls `each` for every row `page` returns, a page at a time in order of id (`page` gives at most
 * RESEAL_PAGE rows whose id is greater than `after`, ordered by id), and counts the rows `each`
 * says it re-sealed. An error stops it, as a ResealError carrying what was done before.
 */
export async function resealRows<R extends { id: string }>(
  page: (after: string) => Promise<R[]>,
  each: (row: R) => Promise<boolean>,
): Promise<ResealCount> {
  const done: ResealCount = { resealed: 0, alreadyNew: 0 };
  try {
    let after = '';
    for (;;) {
      const rows = await page(after);
      for (const row of rows) {
        if (await each(row)) done.resealed++;
        else done.alreadyNew++;
      }
      if (rows.length < RESEAL_PAGE) return done;
      after = rows[rows.length - 1]!.id;
    }
  } catch (error) {
    const stopped =
      error instanceof ResealError
        ? error
        : new ResealError(error instanceof Error ? error.message : String(error), { cause: error });
    stopped.done = done;
    throw stopped;
  }
}

/**
 * Checks that a conditional update (`where column = the value read`) changed its one row. The
 * site should be stopped; if something changed the row between the read and the write, whatever
 * wrote it used a key this run cannot vouch for, so the run stops rather than guess.
 */
export function expectUpdated(result: { numUpdatedRows: bigint | number }, where: string): void {
  if (Number(result.numUpdatedRows) !== 1)
    throw new ResealError(
      `${where} changed while it was being re-sealed: is the site still running? Stop every instance, then run again.`,
    );
}
