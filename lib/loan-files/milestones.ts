/**
 * The milestones of a construction loan as the borrower sees them (issue 30, point 7), in order:
 * application received → pre-qualified → builder approved → appraisal ordered → approved →
 * closing scheduled → closed → draw 1..N → conversion to permanent.
 *
 * Draws are one parameterized key, `draw-<n>` (n from 1 to MAX_DRAWS), rather than a fixed list
 * draw-1..draw-6: how many draws a build takes is set by its lender's schedule, not by us, the key
 * stored in loan_files.milestone and the history still says which draw it was, and a file with
 * more draws than a fixed list would hold needs no migration. The fixed stages are data; the owner
 * renames them (not adds or removes them) with MilestoneNames, read once per request or transaction
 * (lib/loan-files/template-overrides.server.ts) and passed in. The draws keep their numbered names.
 */

export const FIXED_MILESTONES = [
  {
    key: 'application-received',
    label: 'Application received',
    description: 'We have your application and are reviewing it.',
  },
  { key: 'pre-qualified', label: 'Pre-qualified', description: 'You are pre-qualified for the loan.' },
  { key: 'builder-approved', label: 'Builder approved', description: 'The lender has approved your builder.' },
  { key: 'appraisal-ordered', label: 'Appraisal ordered', description: 'The appraisal of the finished home is ordered.' },
  { key: 'approved', label: 'Loan approved', description: 'Your loan is approved.' },
  { key: 'closing-scheduled', label: 'Closing scheduled', description: 'Your closing date is set.' },
  { key: 'closed', label: 'Loan closed', description: 'Your loan has closed and construction can begin.' },
  {
    key: 'conversion-to-permanent',
    label: 'Converted to permanent loan',
    description: 'The home is finished and your loan is now a permanent mortgage.',
  },
] as const;

export type FixedMilestone = (typeof FIXED_MILESTONES)[number]['key'];

/** The owner's names of the fixed stages, by key; a stage without one is named as the code has it. */
export type MilestoneNames = Readonly<Partial<Record<string, { label: string; description: string }>>>;

const NO_NAMES: MilestoneNames = {};

function ownName(names: MilestoneNames, key: string) {
  return Object.hasOwn(names, key) ? names[key] : undefined;
}

/** A construction draw: `draw-1`, `draw-2`, ... (see isMilestone for the bounds). */
export type DrawMilestone = `draw-${number}`;
export type Milestone = FixedMilestone | DrawMilestone;

export const FIRST_MILESTONE: Milestone = 'application-received';

/** More draws than any schedule we have seen; a bound, so a key cannot be any number. */
export const MAX_DRAWS = 20;

/** The fixed stages before the draws; conversion comes after them. */
const BEFORE_DRAWS = FIXED_MILESTONES.length - 1;

const DRAW = /^draw-([1-9]\d?)$/;

/** The draw's number, or null when the key is not a draw. */
export function drawNumber(key: string): number | null {
  const match = DRAW.exec(key);
  if (!match) return null;
  const n = Number(match[1]);
  return n <= MAX_DRAWS ? n : null;
}

export const drawMilestone = (n: number): DrawMilestone => `draw-${n}`;

export function isMilestone(key: string): key is Milestone {
  return drawNumber(key) !== null || FIXED_MILESTONES.some((m) => m.key === key);
}

/** Where a milestone falls in the order: draws between 'closed' and the conversion. */
export function milestoneRank(key: Milestone): number {
  const draw = drawNumber(key);
  if (draw !== null) return BEFORE_DRAWS - 1 + draw;
  const index = FIXED_MILESTONES.findIndex((m) => m.key === key);
  return index < BEFORE_DRAWS ? index : BEFORE_DRAWS + MAX_DRAWS;
}

export function milestoneLabel(key: Milestone, names: MilestoneNames = NO_NAMES): string {
  const draw = drawNumber(key);
  if (draw !== null) return `Draw ${draw} released`;
  return ownName(names, key)?.label ?? FIXED_MILESTONES.find((m) => m.key === key)?.label ?? key;
}

export function milestoneDescription(key: Milestone, names: MilestoneNames = NO_NAMES): string {
  const draw = drawNumber(key);
  if (draw !== null) return `Construction draw ${draw} has been paid out for the work done.`;
  return ownName(names, key)?.description ?? FIXED_MILESTONES.find((m) => m.key === key)?.description ?? '';
}

/** Every milestone in order, with `draws` draws (for the admin's choice and the timeline). */
export function milestoneSequence(draws: number): Milestone[] {
  const count = Math.max(0, Math.min(MAX_DRAWS, Math.floor(draws)));
  const fixed = FIXED_MILESTONES.map((m) => m.key);
  return [
    ...fixed.slice(0, BEFORE_DRAWS),
    ...Array.from({ length: count }, (_, i) => drawMilestone(i + 1)),
    ...fixed.slice(BEFORE_DRAWS),
  ];
}

export interface TimelineStep {
  milestone: Milestone;
  label: string;
  description: string;
  state: 'done' | 'current' | 'upcoming';
  /** When the file last reached it, for steps done or current that the history holds. */
  at: string | null;
}

/**
 * The borrower's timeline: every stage up to the one reached, that one, and those still to come.
 * How many draws a build takes is not known ahead: before the first is released, one upcoming
 * 'Draw 1' stands for them; after, the draws released are shown. A step the owner skipped counts
 * as done: the loan is past it.
 */
export function timeline(
  current: Milestone,
  history: readonly { milestone: string; at: string }[],
  names: MilestoneNames = NO_NAMES,
): TimelineStep[] {
  const reachedDraws = Math.max(0, ...history.map((h) => drawNumber(h.milestone) ?? 0), drawNumber(current) ?? 0);
  const rank = milestoneRank(current);
  const draws = rank < milestoneRank('conversion-to-permanent') ? Math.max(1, reachedDraws) : reachedDraws;
  return milestoneSequence(draws).map((milestone) => {
    const stepRank = milestoneRank(milestone);
    const state = stepRank < rank ? 'done' : stepRank === rank ? 'current' : 'upcoming';
    const at = state === 'upcoming' ? null : (history.findLast((h) => h.milestone === milestone)?.at ?? null);
    return { milestone, label: milestoneLabel(milestone, names), description: milestoneDescription(milestone, names), state, at };
  });
}
