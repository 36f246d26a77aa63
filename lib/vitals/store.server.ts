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

/** How many of the report's metrics were stored (inserted or replaced). */
async function upsert(db: DB, { report, day }: VitalsToStore): Promise<number> {
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
      commitOne: (one) => upsert(db, one),
    });
    writers().set(db, writer);
  }
  return writer.submit(item);
}

/** Deletes the days older than RETENTION_DAYS; returns how many rows went. */
export async function pruneVitals(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom('web_vitals').where('day', '<', daysBefore(now, RETENTION_DAYS)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
