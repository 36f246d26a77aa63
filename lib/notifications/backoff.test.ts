import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_ATTEMPTS, MAX_RETRY_DELAY_MS, nextAttemptAt, retryDelayMs } from './backoff';

describe('retry schedule', () => {
  it('starts at 30 seconds and doubles up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    expect(retryDelayMs(0)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(10_000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('keeps retrying for at least 24 hours before giving up', () => {
    const start = new Date('2026-11-21T00:00:00Z');
    let now = start;
    let failures = 0;
    for (;;) {
      failures += 1;
      const next = nextAttemptAt(failures, now);
      if (!next) break;
      expect(next.getTime()).toBeGreaterThan(now.getTime());
      now = next;
    }
    expect(failures).toBe(MAX_ATTEMPTS);
    const hours = (now.getTime() - start.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(24);
    expect(hours).toBeLessThan(50);
  });
});
