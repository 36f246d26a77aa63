import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A promise settled from outside, standing in for a transaction still being committed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending setImmediate and promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A group commit whose transactions are recorded and finished by the test. */
function recorder(options: { maxBatch?: number; failOne?: (item: string) => boolean } = {}) {
  const batches: { items: string[]; done: ReturnType<typeof deferred<string[]>> }[] = [];
  const alone: string[] = [];
  const failures: { error: unknown; items: string[] }[] = [];
  const group = createGroupCommit<string, string>({
    maxBatch: options.maxBatch,
    commitBatch: (items) => {
      const done = deferred<string[]>();
      batches.push({ items, done });
      return done.promise;
    },
    commitOne: async (item) => {
      alone.push(item);
      if (options.failOne?.(item)) throw new Error(`cannot store ${item}`);
      return `stored ${item} alone`;
    },
    onBatchFailed: (error, items) => failures.push({ error, items }),
  });
  return { group, batches, alone, failures };
}

describe('group commit', () => {
  it('commits the items submitted together in one batch, in order, and answers each its own result', async () => {
    const { group, batches } = recorder();
    const results = ['a', 'b', 'c'].map((item) => group.submit(item));
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([['a', 'b', 'c']]);
    batches[0]!.done.resolve(['A', 'B', 'C']);
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C']);
  });

  it('answers nobody before their batch has committed', async () => {
    const { group, batches } = recorder();
    let answered = false;
    const result = group.submit('a').then((value) => {
      answered = true;
      return value;
    });
    await settle();
    await settle();
    expect(batches).toHaveLength(1);
    expect(answered).toBe(false);
    batches[0]!.done.resolve(['A']);
    expect(await result).toBe('A');
    expect(answered).toBe(true);
  });

  it('gathers the items submitted during a commit into the next batch', async () => {
    const { group, batches } = recorder();
    const first = group.submit('a');
    await settle();
    const later = [group.submit('b'), group.submit('c')];
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([['a']]);
    batches[0]!.done.resolve(['A']);
    expect(await first).toBe('A');
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([['a'], ['b', 'c']]);
    batches[1]!.done.resolve(['B', 'C']);
    expect(await Promise.all(later)).toEqual(['B', 'C']);
  });

  it('never puts more than maxBatch items in one transaction', async () => {
    const { group, batches } = recorder({ maxBatch: 2 });
    const results = ['a', 'b', 'c', 'd', 'e'].map((item) => group.submit(item));
    for (let i = 0; i < 3; i++) {
      await settle();
      const batch = batches[i]!;
      batch.done.resolve(batch.items.map((item) => item.toUpperCase()));
    }
    expect(batches.map((batch) => batch.items)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('retries each item of a failed batch alone: a bad item fails only its own submitter', async () => {
    const { group, batches, alone, failures } = recorder({ failOne: (item) => item === 'bad' });
    const results = ['a', 'bad', 'c'].map((item) =>
      group.submit(item).then(
        (value) => ({ ok: true, value }),
        (error: Error) => ({ ok: false, value: error.message }),
      ),
    );
    await settle();
    const cause = new Error('batch refused');
    batches[0]!.done.reject(cause);
    expect(await Promise.all(results)).toEqual([
      { ok: true, value: 'stored a alone' },
      { ok: false, value: 'cannot store bad' },
      { ok: true, value: 'stored c alone' },
    ]);
    expect(alone).toEqual(['a', 'bad', 'c']);
    expect(failures).toEqual([{ error: cause, items: ['a', 'bad', 'c'] }]);
  });

  it('fails every submitter when every item fails alone too, and keeps serving afterwards', async () => {
    const { group, batches } = recorder({ failOne: () => true });
    const results = ['a', 'b'].map((item) => group.submit(item).catch((error: Error) => error.message));
    await settle();
    batches[0]!.done.reject(new Error('disk full'));
    expect(await Promise.all(results)).toEqual(['cannot store a', 'cannot store b']);

    const next = group.submit('c');
    await settle();
    batches[1]!.done.resolve(['C']);
    expect(await next).toBe('C');
  });

  it('rejects a batch of one with its own error, without writing it twice', async () => {
    const { group, batches, alone, failures } = recorder();
    const result = group.submit('a').catch((error: Error) => error.message);
    await settle();
    batches[0]!.done.reject(new Error('disk full'));
    expect(await result).toBe('disk full');
    expect(alone).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('refuses a maxBatch below 1', () => {
    expect(() => createGroupCommit({ maxBatch: 0, commitBatch: async () => [], commitOne: async () => 0 })).toThrow(/maxBatch/);
  });
});
