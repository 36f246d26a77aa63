import 'server-only';
import type { DB } from '../db/connect.server';
import { createGroupCommit, type GroupCommit } from '../db/group-commit';
import { processSingleton } from '../runtime/process-singleton';
import { daysBefore, RETENTION_DAYS } from './days';
import type { MetricName } from './metrics';
import type { VitalsReport } from './report';

/**
 * Writes page views' Web Vitals. A view counts each metric once: its row is keyed by (view, metric)
 * in the database, so a later report of the same view, on whichever instance, replaces the value
 * (INP and CLS grow while the page is open) rather than adding a view. A view may replace a value
 * MAX_REPORTS times; reports past that change nothing. Reports arriving together share one
 * transaction (lib/db/group-commit.ts): one durable commit for a burst of page views.
 */

export const MAX_REPORTS = 10;

export interface VitalsToStore {
  report: Omit<VitalsReport, 'metrics'> & { metrics: [MetricName, number][] };
  /** The UTC day it arrived. */
  day: string;
}

/**
 * Counts the view in page_views (the overview's conversion by landing page) on its first report:
 * the id's row in page_view_ids is inserted once, whichever instance gets there first (migration
 * 0012), in the same transaction as its metrics.
 */
async function countView(db: DB, { report, day }: VitalsToStore): Promise<void> {
  const seen = await db
    .insertInto('page_view_ids')
    .values({ view_id: report.id, day })
    .onConflict((conflict) => conflict.column('view_id').doNothing())
    .executeTakeFirst();
  if (Number(seen.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await db
    .insertInto('page_views')
    .values({ day, path: report.path, views: 1 })
    .onConflict((conflict) => conflict.columns(['day', 'path']).doUpdateSet((eb) => ({ views: eb('page_views.views', '+', 1) })))
    .execute();
}

/** How many of the report's metrics were stored (inserted or replaced). */
async function upsert(db: DB, item: VitalsToStore): Promise<number> {
  const { report, day } = item;
  await countView(db, item);
  const rows = report.metrics.map(([metric, value]) => ({
    view_id: report.id,
    metric,
    path: report.path,
    device: report.device,
    connection: report.connection,
    day,
    value,
  }));
  const result = await db
    .insertInto('web_vitals')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['view_id', 'metric'])
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), reports: eb('web_vitals.reports', '+', 1) }))
        .where('web_vitals.reports', '<', MAX_REPORTS),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

const writers = () => processSingleton('vitals.writers', () => new WeakMap<DB, GroupCommit<VitalsToStore, number>>());

/** Resolves, once committed, with how many of the report's metrics were stored. */
export function storeVitals(db: DB, item: VitalsToStore): Promise<number> {
  let writer = writers().get(db);
  if (!writer) {
    writer = createGroupCommit<VitalsToStore, number>({
      commitBatch: (items) =>
        db.transaction().execute(async (trx) => {
          const stored: number[] = [];
          for (const one of items) stored.push(await upsert(trx, one));
          return stored;
        }),
      commitOne: (one) => db.transaction().execute((trx) => upsert(trx, one)),
    });
    writers().set(db, writer);
  }
  return writer.submit(item);
}

/**
 * Deletes the days older than RETENTION_DAYS; returns how many Web Vitals rows went. The counted
 * view ids go with them (a view reports within hours, not months); page_views keeps its daily
 * counts, which hold nothing about anyone.
 */
export async function pruneVitals(db: DB, now: Date): Promise<number> {
  const before = daysBefore(now, RETENTION_DAYS);
  await db.deleteFrom('page_view_ids').where('day', '<', before).execute();
  const result = await db.deleteFrom('web_vitals').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
