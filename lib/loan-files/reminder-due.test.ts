import { describe, expect, it } from 'vitest';
import { isWakingHour, itemDue, reminderDue, type ReminderCandidate } from './reminder-due';

const ZONE = 'America/Boise'; // UTC-7 in November
// 12:00 in Boise.
const NOON = new Date('2026-11-25T19:00:00.000Z');
const daysBefore = (days: number, from = NOON) => new Date(from.getTime() - days * 86_400_000).toISOString();

const item = (over: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  state: 'requested',
  updatedAt: daysBefore(3),
  lastRemindedAt: null,
  ...over,
});

const due = (over: Partial<Parameters<typeof reminderDue>[0]> = {}) =>
  reminderDue({ now: NOON, zone: ZONE, intervalDays: 3, lastSentAt: null, items: [item()], ...over });

describe('when an item is due a reminder', () => {
  it('is due once the interval has passed since it was requested, rejected or last reminded', () => {
    expect(itemDue(item(), NOON, 3)).toBe(true);
    expect(itemDue(item({ updatedAt: daysBefore(2) }), NOON, 3)).toBe(false);
    expect(itemDue(item({ state: 'rejected', updatedAt: daysBefore(3) }), NOON, 3)).toBe(true);
    expect(itemDue(item({ lastRemindedAt: daysBefore(1) }), NOON, 3)).toBe(false);
    // Rejected after its last reminder: the rejection's e-mail counts as the latest word.
    expect(itemDue(item({ lastRemindedAt: daysBefore(5), updatedAt: daysBefore(1) }), NOON, 3)).toBe(false);
  });

  it('tolerates the hourly check landing a few minutes early', () => {
    const early = new Date(NOON.getTime() - 2 * 60_000);
    expect(itemDue(item(), early, 3)).toBe(true);
    expect(itemDue(item(), new Date(NOON.getTime() - 60 * 60_000), 3)).toBe(false);
  });

  it('never for an item uploaded or accepted, nor with reminders off', () => {
    expect(itemDue(item({ state: 'uploaded' }), NOON, 3)).toBe(false);
    expect(itemDue(item({ state: 'accepted' }), NOON, 3)).toBe(false);
    expect(itemDue(item(), NOON, 0)).toBe(false);
  });
});

describe('when a person is sent a reminder', () => {
  it('in the daytime where the house is, from 9:00 until before 20:00', () => {
    expect(due()).toBe(true);
    expect(isWakingHour(new Date('2026-11-25T16:00:00Z'), ZONE)).toBe(true); // 9:00
    expect(isWakingHour(new Date('2026-11-25T15:59:00Z'), ZONE)).toBe(false); // 8:59
    expect(isWakingHour(new Date('2026-11-26T02:59:00Z'), ZONE)).toBe(true); // 19:59
    expect(isWakingHour(new Date('2026-11-26T03:00:00Z'), ZONE)).toBe(false); // 20:00
    // 4:00 in Boise, though noon in London.
    expect(due({ now: new Date('2026-11-25T11:00:00Z') })).toBe(false);
  });

  it('at most once a local day', () => {
    expect(due({ lastSentAt: new Date('2026-11-25T16:30:00Z').toISOString() })).toBe(false);
    // 21:00 in Boise the day before, though the same UTC day as nothing: another local day.
    expect(due({ lastSentAt: new Date('2026-11-25T04:00:00Z').toISOString(), items: [item()] })).toBe(true);
  });

  it('only when one of their outstanding items is due, and never with reminders off', () => {
    expect(due({ items: [] })).toBe(false);
    expect(due({ items: [item({ state: 'uploaded' }), item({ updatedAt: daysBefore(1) })] })).toBe(false);
    expect(due({ items: [item({ updatedAt: daysBefore(1) }), item()] })).toBe(true);
    expect(due({ intervalDays: 0 })).toBe(false);
  });
});
