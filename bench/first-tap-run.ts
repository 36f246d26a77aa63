import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { buildIfNeeded, startProductionServer } from '../tests/support/production-server';
import { MATRIX, surveyPage, type Control } from './first-tap-controls';
import { takeSample, type Sample } from './first-tap-sample';
import { newestPost } from './measure-js';

/** Issue 16: every first tap shows its response within 200 ms (median). */
export const TARGET_MS = 200;
export const DELAYS_MS = [500, 4000];

export interface Figures {
  samples: Sample[];
  errors: string[];
}

export interface Row {
  page: string;
  control: string;
  /** A calculator ('result'): judged on the acknowledgement of the first digit, its figures shown apart. */
  kind: Control['kind'];
  /** Whether the sample scrolls to the control first (then the tap is not the first interaction). */
  afterScroll: boolean;
  delayMs: number;
  served: Figures;
  /** null when not measured: --only-served, or a page that boots at load as served. */
  booted: Figures | null;
  /** The page as served already boots at load (/apply): its served column is that measurement. */
  servedBootsAtLoad: boolean;
}

export interface RunOptions {
  pages?: string[];
  /** Only these kinds of control (dialog, toast, menu, field, submit). */
  kinds?: string[];
  /** Also the rows that repeat what the default ones show (MATRIX's `more`). */
  all: boolean;
  runs: number;
  onlyServed: boolean;
  log: (message: string) => void;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A calculator's first digit: kind 'figures' (issue 32) is judged on the new figures themselves,
 * the server's for the same query; kind 'result' (issue 19) on the first frame acknowledging the
 * key ('Updating…' or new figures). The table shows both times for either.
 */
export const judged = (row: Row, sample: Sample) => (row.kind === 'result' ? (sample.ackMs ?? sample.ms) : sample.ms);

export function verdict(row: Row): 'OK' | 'OVER' | 'ERROR' {
  if (row.served.errors.length > 0 || (row.booted?.errors.length ?? 0) > 0 || row.served.samples.length === 0) return 'ERROR';
  return median(row.served.samples.map((sample) => judged(row, sample))) > TARGET_MS ? 'OVER' : 'OK';
}

/**
 * Serves the production build on a temporary SQLite database and measures each page's controls,
 * one sample at a time (on two cores a second browser would measure the first). Within a row the
 * served and booted-at-load samples alternate, so a change in the machine's load hits both.
 */
export async function runFirstTap(browser: Browser, options: RunOptions): Promise<Row[]> {
  buildIfNeeded(['ignore', 2, 2]);
  const dataDir = mkdtempSync(join(tmpdir(), 'clp-bench-db-'));
  const server = await startProductionServer({ databasePath: join(dataDir, 'site.db') });
  try {
    const post = await newestPost(server.url);
    const known = MATRIX.map((entry) => (entry.page === 'post' ? post : entry.page));
    const wanted = options.pages?.map((path) => (path === 'post' ? post : path));
    const unknown = wanted?.filter((path) => !known.includes(path)) ?? [];
    if (unknown.length > 0) throw new Error(`--pages: no such page ${unknown.join(', ')} (known: ${known.join(', ')}, post)`);
    const rows: Row[] = [];
    for (const entry of MATRIX) {
      const path = entry.page === 'post' ? post : entry.page;
      if (wanted && !wanted.includes(path)) continue;
      const controls = [...entry.controls, ...(options.all ? entry.more : [])].filter(
        (control) => !options.kinds || options.kinds.includes(control.kind),
      );
      if (controls.length === 0) continue;
      const url = server.url + path;
      const survey = await surveyPage(browser, url, controls);
      if (!survey.deferred) options.log(`${path} boots at load as served: no booted-at-load column.`);
      for (const control of controls) rows.push(...(await measureControl(browser, url, path, control, survey, options)));
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureControl(
  browser: Browser,
  url: string,
  path: string,
  control: Control,
  survey: Awaited<ReturnType<typeof surveyPage>>,
  options: RunOptions,
): Promise<Row[]> {
  const point = survey.points.get(control)!;
  const rows = DELAYS_MS.map((delayMs) => ({
    page: path,
    control: control.label,
    kind: control.kind,
    afterScroll: point.at === null,
    delayMs,
    served: { samples: [], errors: [] } as Figures,
    booted: options.onlyServed || !survey.deferred ? null : ({ samples: [], errors: [] } as Figures),
    servedBootsAtLoad: !survey.deferred,
  }));
  for (let run = 1; run <= options.runs; run++) {
    for (const row of rows) {
      for (const [figures, bootedAtLoad] of [
        [row.served, false],
        [row.booted, true],
      ] as const) {
        if (!figures) continue;
        const what = `${path} ${control.label} +${row.delayMs} ms ${bootedAtLoad ? 'booted' : 'served'} #${run}`;
        try {
          const sample = await takeSample(browser, {
            url,
            control,
            point,
            delayMs: row.delayMs,
            bootedAtLoad,
            deferred: survey.deferred,
          });
          figures.samples.push(sample);
          const ack = sample.ackMs !== undefined ? `, acknowledged in ${Math.round(sample.ackMs)} ms` : '';
          options.log(`${what}: ${Math.round(sample.ms)} ms${ack} (tap ${Math.round(sample.tapAfterLoadMs)} ms after load)`);
        } catch (error) {
          const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
          figures.errors.push(message);
          options.log(`${what}: FAILED ${message}`);
        }
      }
    }
  }
  return rows;
}
