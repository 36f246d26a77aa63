/**
 * A group commit: writes that arrive together are committed in one transaction, so a burst of
 * submissions pays for one durable commit (one fsync with SQLite's synchronous=FULL, one round
 * trip and WAL flush with PostgreSQL) instead of one each.
 *
 * - Every submitter's promise settles only after the transaction holding its item has committed
 *   (or failed): nobody is told "stored" early.
 * - One batch is written at a time. Items submitted while it is being written wait for the next
 *   batch, so the batches grow with the load by themselves and a lone item waits for no timer,
 *   only for the end of the current turn of the event loop (to gather items arriving with it).
 * - When a batch fails, each of its items is written again alone: an item that cannot be stored
 *   fails only its own submitter, the others are stored as if nothing had happened.
 */

export interface GroupCommitOptions<T, R> {
  /** Writes every item in one transaction; resolves, once committed, with one result per item, in order. */
  commitBatch: (items: T[]) => Promise<R[]>;
  /** Writes one item in its own transaction (the retry of a failed batch). */
  commitOne: (item: T) => Promise<R>;
  /** The most items one transaction takes; the rest go in the batches after it. */
  maxBatch?: number;
  /** Told when a batch failed, before its items are retried one by one. */
  onBatchFailed?: (error: unknown, items: T[]) => void;
}

export interface GroupCommit<T, R> {
  /** Resolves with the item's result once it is committed; rejects if it could not be. */
  submit: (item: T) => Promise<R>;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export const DEFAULT_MAX_BATCH = 64;

export function createGroupCommit<T, R>(options: GroupCommitOptions<T, R>): GroupCommit<T, R> {
  const { commitBatch, commitOne, onBatchFailed, maxBatch = DEFAULT_MAX_BATCH } = options;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error('maxBatch must be a whole number of at least 1');
  const queue: Pending<T, R>[] = [];
  let writing = false;

  async function writeBatch(batch: Pending<T, R>[]): Promise<void> {
    const items = batch.map((pending) => pending.item);
    let results: R[];
    try {
      results = await commitBatch(items);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      onBatchFailed?.(error, items);
      // One at a time, in arrival order: each submitter learns the fate of its own item only.
      for (const pending of batch) {
        await Promise.resolve()
          .then(() => commitOne(pending.item))
          .then(pending.resolve, pending.reject);
      }
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]!));
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing) return;
        writing = true;
        // The rest of this turn's submissions join the first batch.
        setImmediate(() => void drain());
      });
    },
  };
}
