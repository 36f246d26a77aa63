import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A person is never hidden (issue 27, ADR 030). Weak bot signals no longer file a lead as spam:
 * they are kept with the lead (`bot_signals`, JSON) and, weighing enough, mark it "Possible bot"
 * (`possible_bot`). The leads an earlier release hid on weak evidence come back to the Leads list,
 * marked, with a status-history entry; their alerts stay unsent (they are not sent years late).
 *
 * - 'too-fast' leads all come back: a fill under 2 s from the first focus is what autofill does.
 * - 'rate-limit' leads are judged again against the new rule: those past 3 times the rate limit
 *   in its window (counted as the store counted, the address's leads stored in the window before
 *   each) stay in the spam folder as 'flood'; the others come back as a 'burst'.
 *
 * How many came back is kept in app_meta ('spam_moved_back'), for the Leads page to tell the owner.
 * Self-contained: the weights and limits are written here as they were when it was released.
 */

const MARKER_WEIGHT = 2;
const CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('bot_signals', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('possible_bot', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The "Possible bot" filter: few leads, newest first.
  await db.schema
    .createIndex('leads_possible_bot_idx')
    .on('leads')
    .columns(['created_at', 'id'])
    .where(sql.ref('possible_bot'), '=', 1)
    .execute();

  const now = new Date().toISOString();
  const tooFast = await db.selectFrom('leads').select('id').where('spam_reason', '=', 'too-fast').execute();
  const signal = { signal: 'earlier-too-fast', weight: MARKER_WEIGHT };
  const moved: { id: string; signals: object[] }[] = tooFast.map(({ id }) => ({ id: id as string, signals: [signal] }));
  const { burst, flood } = await rejudgeRateLimited(db);
  moved.push(...burst);

  for (let i = 0; i < moved.length; i += CHUNK) {
    const chunk = moved.slice(i, i + CHUNK);
    for (const { id, signals } of chunk) {
      await db
        .updateTable('leads')
        .set({
          is_spam: 0,
          spam_reason: null,
          status: 'new',
          bot_signals: JSON.stringify(signals),
          possible_bot: 1,
        })
        .where('id', '=', id)
        .execute();
    }
    await db
      .insertInto('lead_status_changes')
      .values(
        chunk.map(({ id }) => ({
          id: historyId(),
          lead_id: id,
          from_status: 'spam',
          to_status: 'new',
          reason: 'Back from spam: an earlier version hid it on a weak signal (ADR 030).',
          actor_id: null,
          actor: 'system',
          at: now,
        })),
      )
      .execute();
  }
  for (let i = 0; i < flood.length; i += CHUNK) {
    await db
      .updateTable('leads')
      .set({ spam_reason: 'flood' })
      .where('id', 'in', flood.slice(i, i + CHUNK))
      .execute();
  }
  if (moved.length > 0) {
    await db
      .insertInto('app_meta')
      .values({ key: 'spam_moved_back', value: JSON.stringify({ count: moved.length, at: now }) })
      .execute();
  }
}

/**
 * 'rate-limit' leads judged by the new rule, from the limits in force (the environment, or the
 * defaults 10 per 10 minutes): how many leads the address had stored within the window before
 * each, as the store counts them.
 */
async function rejudgeRateLimited(db: Kysely<any>): Promise<{ burst: { id: string; signals: object[] }[]; flood: string[] }> {
  const limit = positive(process.env.LEAD_RATE_LIMIT, 10);
  const windowMs = positive(process.env.LEAD_RATE_WINDOW_MINUTES, 10) * 60_000;
  const addresses = (
    await db.selectFrom('leads').select('client_address').distinct().where('spam_reason', '=', 'rate-limit').execute()
  ).map((row) => row.client_address as string);
  const burst: { id: string; signals: object[] }[] = [];
  const flood: string[] = [];
  for (const address of addresses) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'created_at', 'spam_reason'])
      .where('client_address', '=', address)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    let first = 0;
    rows.forEach((row, i) => {
      const at = Date.parse(row.created_at as string);
      while (Date.parse(rows[first]!.created_at as string) <= at - windowMs) first++;
      const recent = i - first;
      if (row.spam_reason !== 'rate-limit') return;
      if (recent >= limit * 3) flood.push(row.id as string);
      else burst.push({ id: row.id as string, signals: [{ signal: 'burst', weight: MARKER_WEIGHT, value: recent + 1 }] });
    });
  }
  return { burst, flood };
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** A UUIDv7 as 32 hex digits, like every id (written out here: migrations import nothing live). */
function historyId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes.subarray(6));
  let time = Date.now();
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_possible_bot_idx').execute();
  await db.schema.alterTable('leads').dropColumn('possible_bot').execute();
  await db.schema.alterTable('leads').dropColumn('bot_signals').execute();
}
