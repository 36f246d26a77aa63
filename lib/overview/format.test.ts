import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, shortDay } from './format';
import { chartRange } from './window';

const MINUTE = 60_000;

describe('the overview in words', () => {
  it('says a duration as people do', () => {
    expect(formatDuration(59_999)).toBe('under a minute');
    expect(formatDuration(MINUTE)).toBe('1 minute');
    expect(formatDuration(45 * MINUTE + 59_000)).toBe('45 minutes');
    expect(formatDuration(60 * MINUTE)).toBe('1 hour');
    expect(formatDuration(75 * MINUTE)).toBe('1 hour 15 minutes');
    expect(formatDuration(10 * 24 * 60 * MINUTE + 30_000)).toBe('10 days');
    expect(formatDuration((3 * 24 + 2) * 60 * MINUTE)).toBe('3 days 2 hours');
  });

  it('gives a rate as a percentage, and says when there are no views', () => {
    expect(formatRate(0.02)).toBe('2%');
    expect(formatRate(3 / 1100)).toBe('0.27%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('no views counted');
  });

  it('names a UTC day briefly', () => {
    expect(shortDay('2026-11-22')).toBe('Nov 22');
  });

  it('reads the period from the address: 90 when asked, otherwise 30', () => {
    expect([chartRange('90'), chartRange('30'), chartRange(undefined), chartRange('7'), chartRange(['90', '30'])]).toEqual([
      90, 30, 30, 30, 30,
    ]);
  });
});
