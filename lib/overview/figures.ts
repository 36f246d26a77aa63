/** The overview's data (lib/overview/queries.server.ts), plain so a client chart can take it. */

import type { LEAD_KINDS } from '../leads/admin/filter';

export type LeadKind = (typeof LEAD_KINDS)[number];

export interface OverviewFigures {
  /** The UTC day the figures were read on. */
  today: string;
  /** New leads (not spam) submitted today, in the last 7 and the last 30 days (today included). */
  newLeads: { today: number; last7: number; last30: number };
  /** Leads still 'new' (spam excluded), and when the oldest of them was submitted. */
  notContacted: { count: number; oldestAt: string | null };
  /**
   * Median time from submission to the first status change, of the leads submitted in the last 30
   * days that have one (null when none has); `leads` is how many that is.
   */
  firstContact: { medianMs: number | null; leads: number };
}

export interface DayCounts {
  day: string;
  /** Leads of each kind submitted that day (spam excluded). */
  counts: Record<LeadKind, number>;
}

export interface SourceCount {
  source: string;
  leads: number;
}

export interface LandingConversion {
  path: string;
  /** Page views counted by the beacon over the range. */
  views: number;
  /** Leads (not spam) whose first touch landed on this page, over the range. */
  leads: number;
  /** leads ÷ views, or null without views. */
  rate: number | null;
}

export interface OverviewCharts {
  range: number;
  /** The range's first UTC day. */
  from: string;
  perDay: DayCounts[];
  /** Most leads first. */
  bySource: SourceCount[];
  /** Most views first, then most leads. */
  byLanding: LandingConversion[];
}

/** One stage of the loan files' milestones and how long files spent in it (lib/overview/stage-times.server.ts). */
export interface StageTime {
  /** The milestone's key, or 'draws' for every construction draw together. */
  stage: string;
  label: string;
  /** Median time from reaching the stage to reaching a later one; null when no file moved on. */
  medianMs: number | null;
  /** Files that moved on from the stage within the period (one time each). */
  files: number;
}

export interface StageTimes {
  range: number;
  /** The range's first UTC day. */
  from: string;
  /** In the milestones' order; the last milestone (conversion to permanent) has no time and no row. */
  stages: StageTime[];
}
