import { describe, expect, it } from 'vitest';
import { daysBefore, monthsBefore, utcDay } from './calendar';

describe('calendar arithmetic', () => {
  it('counts calendar months back, keeping the time of day', () => {
    expect(monthsBefore(new Date('2026-11-22T21:36:52.123Z'), 24).toISOString()).toBe('2024-11-22T21:36:52.123Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00Z'), 1).toISOString()).toBe('2025-12-15T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-10T08:00:00Z'), 120).toISOString()).toBe('2016-03-10T08:00:00.000Z');
  });

  it('takes the last day of a shorter month', () => {
    expect(monthsBefore(new Date('2026-03-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(monthsBefore(new Date('2028-03-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(monthsBefore(new Date('2026-12-31T00:00:00Z'), 3).toISOString()).toBe('2026-09-30T00:00:00.000Z');
  });

  it('counts days and names the UTC day', () => {
    expect(daysBefore(new Date('2026-03-31T12:00:00Z'), 30).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
  });
});
