import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { newId } from '../../lib/db/ids';
import { readStageTimes } from '../../lib/overview/stage-times.server';
import { engines, seededDatabases } from '../support/engines';

/**
 * The Overview's "Time in each loan stage" on SQLite and PostgreSQL, against histories whose
 * answers are worked out by hand below: a skipped stage counts nothing, a stage gone back to counts
 * until the file is past it, the draws are one stage, a stage left before the period does not count
 * (though one reached before it and left in it does), and a file still in a stage is not counted.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-22T15:00:00Z');
const DAY = 86_400_000;

/** Each file's history: [milestone, at], in any order. */
const HISTORIES: Record<string, [string, string][]> = {
  // Skips the appraisal: builder approved is timed to the approval, appraisal ordered not at all.
  F1: [
    ['application-received', '2026-11-01T00:00:00.000Z'],
    ['pre-qualified', '2026-11-03T00:00:00.000Z'],
    ['builder-approved', '2026-11-04T12:00:00.000Z'],
    ['approved', '2026-11-10T12:00:00.000Z'],
  ],
  // A closing put off (back to approved), then closed, two draws and the conversion.
  F2: [
    ['application-received', '2026-11-02T00:00:00.000Z'],
    ['pre-qualified', '2026-11-06T00:00:00.000Z'],
    ['approved', '2026-11-07T00:00:00.000Z'],
    ['closing-scheduled', '2026-11-08T00:00:00.000Z'],
    ['approved', '2026-11-09T00:00:00.000Z'],
    ['closing-scheduled', '2026-11-12T00:00:00.000Z'],
    ['closed', '2026-11-15T00:00:00.000Z'],
    ['draw-2', '2026-11-18T00:00:00.000Z'],
    ['draw-1', '2026-11-16T00:00:00.000Z'],
    ['conversion-to-permanent', '2026-11-20T00:00:00.000Z'],
  ],
  // Opened before the 30 days: its application left before them, its pre-qualification in them.
  F3: [
    ['application-received', '2026-10-01T00:00:00.000Z'],
    ['pre-qualified', '2026-10-20T00:00:00.000Z'],
    ['builder-approved', '2026-10-30T00:00:00.000Z'],
  ],
  // Still at its first stage.
  F4: [['application-received', '2026-11-20T00:00:00.000Z']],
  // Nothing in the last 30 days; in the last 90.
  F5: [
    ['application-received', '2026-09-01T00:00:00.000Z'],
    ['pre-qualified', '2026-09-05T00:00:00.000Z'],
  ],
};

async function seed(db: DB) {
  for (const [file, history] of Object.entries(HISTORIES))
    await db
      .insertInto('loan_file_milestones')
      .values(history.map(([milestone, at]) => ({ id: newId(), file_id: file, milestone, at, by_account: null })))
      .execute();
}

/** stage -> [median days, files]. */
const table = (stages: { stage: string; medianMs: number | null; files: number }[]) =>
  Object.fromEntries(stages.map((s) => [s.stage, [s.medianMs === null ? null : s.medianMs / DAY, s.files]]));

describe.each(engines)('time in each loan stage on %s', (_name, open) => {
  const database = seededDatabases(cleanups, open);

  it('is the median per stage over the last 30 days, in the milestones’ order', async () => {
    const db = await database();
    await seed(db);
    const times = await readStageTimes(db, NOW, 30);
    expect(times).toMatchObject({ range: 30, from: '2026-10-24' });
    expect(times.stages.map((s) => s.label)).toEqual([
      'Application received',
      'Pre-qualified',
      'Builder approved',
      'Appraisal ordered',
      'Loan approved',
      'Closing scheduled',
      'Loan closed',
      'Construction draws',
    ]);
    expect(table(times.stages)).toEqual({
      'application-received': [3, 2], // F1 2 days, F2 4
      'pre-qualified': [1.5, 3], // F2 1, F1 1.5, F3 10
      'builder-approved': [6, 1], // F1
      'appraisal-ordered': [null, 0],
      approved: [1, 1], // F2, to its first closing date; F1 is still approved
      'closing-scheduled': [7, 1], // F2, put off and kept counting
      closed: [1, 1],
      draws: [4, 1], // F2, the first draw to the conversion
    });
  });

  it('counts the stages left in the last 90 days', async () => {
    const db = await database();
    await seed(db);
    const times = await readStageTimes(db, NOW, 90);
    expect(table(times.stages)['application-received']).toEqual([4, 4]); // 2, 4, 4, 19
    expect(table(times.stages)['pre-qualified']).toEqual([1.5, 3]); // F5 is still pre-qualified
  });

  it('has no times without loan files', async () => {
    const db = await database();
    const times = await readStageTimes(db, NOW, 30);
    expect(times.stages.every((s) => s.medianMs === null && s.files === 0)).toBe(true);
  });
});
