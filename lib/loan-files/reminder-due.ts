import { localClock } from './time-zone';
import type { ItemState } from './types';

/**
 * When a person is reminded of the items they still owe on a file (issue 30, point 8): the rules,
 * apart from the database. Local time is the borrower's (./time-zone.ts), for the builder too:
 * the builder works where the house is built.
 */

/** Reminders leave from 9:00 until before 20:00, local time. */
export const WAKING_HOURS = { from: 9, until: 20 } as const;

const DAY_MS = 24 * 60 * 60_000;
/**
 * The hourly check lands a little later each time (timers drift): without this slack a daily
 * reminder sent at 9:05 would find itself due only at 10:05 the next day, and creep on.
 */
const CHECK_SLACK_MS = 5 * 60_000;

export const OUTSTANDING_STATES: readonly ItemState[] = ['requested', 'rejected'];

export interface ReminderCandidate {
  state: ItemState;
  /** Its last change: requested (its creation) or rejected (the rejection told them). */
  updatedAt: string;
  lastRemindedAt: string | null;
}

export function isOutstanding(item: { state: ItemState }): boolean {
  return OUTSTANDING_STATES.includes(item.state);
}

export function isWakingHour(now: Date, zone: string): boolean {
  const { hour } = localClock(now, zone);
  return hour >= WAKING_HOURS.from && hour < WAKING_HOURS.until;
}

/** The item has waited the interval since it was asked for, rejected or last reminded. */
export function itemDue(item: ReminderCandidate, now: Date, intervalDays: number): boolean {
  if (intervalDays <= 0 || !isOutstanding(item)) return false;
  const since = item.lastRemindedAt && item.lastRemindedAt > item.updatedAt ? item.lastRemindedAt : item.updatedAt;
  return now.getTime() - Date.parse(since) >= intervalDays * DAY_MS - CHECK_SLACK_MS;
}

/**
 * Whether a person is sent a reminder now: reminders are on, it is daytime where the house is,
 * they have had none yet on this local day, and one of their outstanding items is due. The
 * reminder then lists every item they still owe.
 */
export function reminderDue(input: {
  now: Date;
  zone: string;
  intervalDays: number;
  /** When this person was last reminded of this file; null: never. */
  lastSentAt: string | null;
  items: readonly ReminderCandidate[];
}): boolean {
  const { now, zone, intervalDays } = input;
  if (intervalDays <= 0 || !isWakingHour(now, zone)) return false;
  if (input.lastSentAt && localClock(new Date(input.lastSentAt), zone).day === localClock(now, zone).day) return false;
  return input.items.some((item) => itemDue(item, now, intervalDays));
}
