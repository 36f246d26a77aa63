import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CSV_COLUMNS, leadsCsvStream } from '../../lib/leads/admin/export.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { statusLabel } from '../../lib/leads/statuses';
import { engines } from '../support/engines';
import { generateLeads, insertLeads } from '../support/generate-leads';

/**
 * The Leads CSV export of 20,000 leads on each engine: every lead once, newest first, each cell
 * right; read from the database in keyset batches of 500 only as fast as the reader takes the
 * stream; and the heap stays flat while the whole file (about 7 MB) goes through it.
 *
 * 20,000 leads, not 100,000: the bound is what matters, and it is the same at any size. Streaming
 * holds about 1.3 MB at the peak here; reading every row at once held 19 MB, batches of 5,000 held
 * 5.5 MB (measured with `leadsCsvStream`'s batch at 20,000 and 5,000). 100,000 leads cost a minute
 * of processor time (inserting them on both engines) for the same verdicts.
 */

const COUNT = 20_000;
const BATCH = 500;
const leads = generateLeads(COUNT);
const inbox = leads.filter((l) => !l.isSpam);

// A garbage collection on demand, so a heap reading is what is live, not what awaits collection.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Counts the database reads and the most rows any one of them returned. */
function readCounter() {
  const counted = { queries: 0, largest: 0 };
  const plugin: KyselyPlugin = {
    // Counted when the query is compiled: a read under way is already counted.
    transformQuery: (args) => {
      counted.queries++;
      return args.node;
    },
    transformResult: async ({ result }) => {
      counted.largest = Math.max(counted.largest, result.rows.length);
      return result;
    },
  };
  return { counted, plugin };
}

/** An RFC 4180 reader fed chunk by chunk: yields each complete record, keeps only the unfinished one. */
function csvRecords() {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  return function* feed(text: string): Generator<string[]> {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          quoted = false;
          afterQuote = true;
        } else field += c;
      } else if (c === '"') {
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
      } else if (c === ',') {
        record.push(field);
        field = '';
        afterQuote = false;
      } else if (c === '\n') {
        record.push(field.replace(/\r$/, ''));
        yield record;
        record = [];
        field = '';
        afterQuote = false;
      } else {
        field += c;
        afterQuote = false;
      }
    }
  };
}

describe.each(engines)('the leads CSV export of 20,000 leads on %s', (_name, open) => {
  let db: DB;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await migrateToLatest(db);
    await insertLeads(db, leads);
  }, 240_000);
  afterAll(async () => {
    await cleanup?.();
  });

  it('reads one batch only when the reader has taken the previous rows', async () => {
    const { counted, plugin } = readCounter();
    const reader = leadsCsvStream(db.withPlugin(plugin), leadFilterSchema.parse({}), BATCH).getReader();
    const read = async (times: number) => {
      for (let i = 0; i < times; i++) expect((await reader.read()).done).toBe(false);
      await new Promise((resolve) => setImmediate(resolve));
    };
    // The stream keeps one chunk of 200 rows ready ahead of the reader, no more.
    await read(2); // the header and rows 0-199; rows 200-399 wait in the queue
    expect(counted.queries).toBe(1);
    await read(3); // up to row 799; rows 800-999 wait: still the second batch
    expect(counted.queries).toBe(2);
    await read(1); // up to row 999; preparing rows 1000-1199 starts the third
    expect(counted.queries).toBe(3);
    await reader.cancel();
  });

  it('streams every lead, right, in batches, with the heap bounded', async () => {
    const { counted, plugin } = readCounter();
    const reader = leadsCsvStream(db.withPlugin(plugin), leadFilterSchema.parse({}), BATCH).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true }); // keep the BOM to check it
    const feed = csvRecords();
    const column = Object.fromEntries(CSV_COLUMNS.map((name, i) => [name, i]));
    const baseline = liveHeap();
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    let index = -1; // -1: the header record
    let mismatch: string | null = null;

    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value;
      bytes += chunk.byteLength;
      for (const record of feed(decoder.decode(chunk, { stream: true }))) {
        if (index === -1) expect(record).toEqual([`\uFEFF${CSV_COLUMNS[0]}`, ...CSV_COLUMNS.slice(1)]);
        else if (!mismatch) {
          const lead = inbox[index];
          const got = (name: string) => record[column[name]!];
          const expected: [string, string | undefined][] = [
            ['Id', lead?.id],
            ['Submitted (UTC)', lead?.createdAt],
            ['Kind', lead?.kind],
            ['Status', lead && statusLabel(lead.status)],
            ['Name', lead?.name],
            ['Email', lead?.email],
            ['Phone', lead?.phone],
            ['Notification', 'sent'],
          ];
          const wrong = expected.find(([name, value]) => got(name) !== value);
          if (record.length !== CSV_COLUMNS.length || wrong)
            mismatch = `record ${index}: ${wrong?.[0] ?? 'columns'} is ${JSON.stringify(wrong ? got(wrong[0]) : record.length)}`;
        }
        index++;
      }
      // Every 10 chunks (2,000 leads), what the export holds live beyond where it started.
      if (++chunks % 10 === 0) peak = Math.max(peak, liveHeap() - baseline);
    }

    expect(mismatch).toBeNull();
    expect(index).toBe(inbox.length);
    // Keyset paging: ceil(n / 500) reads of at most 500 rows (one more, empty, when n divides evenly).
    expect(counted.largest).toBe(BATCH);
    expect(counted.queries).toBe(Math.floor(inbox.length / BATCH) + 1);
    // What the export keeps at any moment is one batch and one chunk: well under the file's size,
    // and under what reading all its rows at once would hold (about three times the file).
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024);
    expect(peak).toBeLessThan(4 * 1024 * 1024);
  }, 240_000);
});
