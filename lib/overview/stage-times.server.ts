import 'server-only';
import type { DB } from '../db/connect.server';
import { FIXED_MILESTONES, drawNumber, isMilestone, milestoneRank } from '../loan-files/milestones';
import { daysBefore } from '../vitals/days';
import type { StageTime, StageTimes } from './figures';
import { median } from './queries.server';
import type { ChartRange } from './window';

/**
 * The median time loan files spend in each stage of their milestones (issue 30, point 7), from
 * their history (loan_file_milestones). A file's time in a stage runs from the first time it
 * reached the stage to the first time after that it reached a later one: a stage it went back to
 * (a closing put off) keeps counting until the file is past it, and a stage it skipped counts
 * nothing. Only files that moved on count, in the period they moved on in; the last stage
 * (conversion to permanent) has no "on" and no row.
 *
 * The draws are one stage, "Construction draws", from the first draw released to the conversion:
 * how many draws a build takes is its lender's schedule (lib/loan-files/milestones.ts), so one
 * file's "draw 4" and another's are not the same step, and a row per draw would be mostly empty.
 *
 * SQLite and PostgreSQL have no common median, and walking a history is easier read here: the
 * query returns the rows, bounded, and the times are taken in TypeScript like firstContact's.
 */

const DRAWS = 'draws';
const LAST = 'conversion-to-permanent';

/** The table's stages in order: the fixed milestones but the last, then the draws. */
const STAGES: { key: string; label: string }[] = [
  ...FIXED_MILESTONES.filter((m) => m.key !== LAST).map((m) => ({ key: m.key as string, label: m.label as string })),
  { key: DRAWS, label: 'Construction draws' },
];

/** The most files read (those changed last first), and the most history rows: a bound on the work. */
const MAX_FILES = 2_000;
const MAX_ROWS = 50_000;

interface Step {
  stage: string;
  rank: number;
  at: string;
}

/** A history row as a step between stages; null for a key no longer known. */
function stepOf(milestone: string, at: string): Step | null {
  if (!isMilestone(milestone)) return null;
  if (drawNumber(milestone) !== null) return { stage: DRAWS, rank: milestoneRank('draw-1'), at };
  return { stage: milestone, rank: milestoneRank(milestone), at };
}

/** One file's time in each stage it moved on from at `since` or later. */
function timesOfFile(steps: Step[], since: string): Map<string, number> {
  // Two changes in one millisecond: the stages' order decides.
  steps.sort((a, b) => a.at.localeCompare(b.at) || a.rank - b.rank);
  const times = new Map<string, number>();
  const inStage = new Map<string, Step>();
  const left = new Set<string>();
  for (const step of steps) {
    for (const [stage, entered] of inStage) {
      if (step.rank <= entered.rank) continue;
      inStage.delete(stage);
      left.add(stage);
      if (step.at >= since) times.set(stage, Math.max(0, Date.parse(step.at) - Date.parse(entered.at)));
    }
    // Only the first arrival counts: a stage the file is past is not timed again.
    if (step.stage !== LAST && !left.has(step.stage) && !inStage.has(step.stage)) inStage.set(step.stage, step);
  }
  return times;
}

/** The medians over the histories (rows of many files, grouped here). */
export function stageTimesOf(rows: { file_id: string; milestone: string; at: string }[], since: string): StageTime[] {
  const byFile = new Map<string, Step[]>();
  for (const row of rows) {
    const step = stepOf(row.milestone, row.at);
    if (!step) continue;
    const steps = byFile.get(row.file_id);
    if (steps) steps.push(step);
    else byFile.set(row.file_id, [step]);
  }
  const samples = new Map<string, number[]>(STAGES.map(({ key }) => [key, []]));
  for (const steps of byFile.values()) for (const [stage, ms] of timesOfFile(steps, since)) samples.get(stage)?.push(ms);
  return STAGES.map(({ key, label }) => {
    const values = samples.get(key)!;
    return { stage: key, label, medianMs: median(values), files: values.length };
  });
}

/**
 * The Overview's "Time in each loan stage" over its period: the files with a change in it (at most
 * MAX_FILES, the last changed first), with their whole history, since a stage left in the period
 * may have been reached before it.
 */
export async function readStageTimes(db: DB, now: Date, range: ChartRange): Promise<StageTimes> {
  const from = daysBefore(now, range - 1);
  const since = `${from}T00:00:00.000Z`;
  const files = await db
    .selectFrom('loan_file_milestones')
    .where('at', '>=', since)
    .groupBy('file_id')
    .select((eb) => ['file_id', eb.fn.max('at').as('last')])
    .orderBy('last', 'desc')
    .limit(MAX_FILES)
    .execute();
  const ids = files.map((file) => file.file_id);
  // Cut at MAX_ROWS, a file loses its latest changes: its earlier stages' times are still right.
  const rows = ids.length
    ? await db
        .selectFrom('loan_file_milestones')
        .where('file_id', 'in', ids)
        .select(['file_id', 'milestone', 'at'])
        .orderBy('file_id')
        .orderBy('at')
        .limit(MAX_ROWS)
        .execute()
    : [];
  return { range, from, stages: stageTimesOf(rows, since) };
}
