import 'server-only';
import type { DB } from '../db/connect.server';
import { processSingleton } from '../runtime/process-singleton';
import { utcDay } from './days';
import { measuredPage } from './pages';
import { reportedMetrics, type VitalsReport } from './report';
import { pruneVitals, storeVitals } from './store.server';

/**
 * Records one parsed report (lib/vitals/report.ts) of a page view: its page must be one of the
 * site's (a post must exist), and the view may not have reported too often. Every hour at most,
 * a recording also deletes the days past retention, so the table stays bounded with no timer.
 */

export type RecordResult = { ok: true } | { ok: false; status: 422 | 429; message: string };

export interface RecordDeps {
  db: DB;
  now: Date;
  log: { error: (data: object, message: string) => void };
}

const NOT_A_PAGE: RecordResult = { ok: false, status: 422, message: 'Invalid report: path is not a page of this site.' };
const TOO_OFTEN: RecordResult = { ok: false, status: 429, message: 'This page view has already reported too often.' };
const PRUNE_EVERY_MS = 3_600_000;

async function postExists(db: DB, slug: string): Promise<boolean> {
  return (await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

function pruneNowAndThen({ db, now, log }: RecordDeps): void {
  const last = processSingleton('vitals.lastPrune', () => new WeakMap<DB, number>());
  if (now.getTime() - (last.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  last.set(db, now.getTime());
  pruneVitals(db, now).catch((error: unknown) =>
    log.error({ event: 'vitals.prune_failed', err: error }, 'Pruning old Web Vitals failed'),
  );
}

export async function recordReport(report: VitalsReport, deps: RecordDeps): Promise<RecordResult> {
  const page = measuredPage(report.path);
  if (!page || (page.postSlug !== null && !(await postExists(deps.db, page.postSlug)))) return NOT_A_PAGE;
  const stored = await storeVitals(deps.db, {
    report: { ...report, path: page.path, metrics: reportedMetrics(report) },
    day: utcDay(deps.now),
  });
  if (stored === 0) return TOO_OFTEN;
  pruneNowAndThen(deps);
  return { ok: true };
}
