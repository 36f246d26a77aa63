import { describe, expect, it } from 'vitest';
import { columnTotal } from './board';

describe("a board column's count", () => {
  it("reads like the list's: grouped, with '+' when counted up to the cap", () => {
    expect(columnTotal({ total: 12, totalCapped: false })).toBe('12');
    expect(columnTotal({ total: 24_214, totalCapped: false })).toBe('24,214');
    expect(columnTotal({ total: 1_000, totalCapped: true })).toBe('1,000+');
  });
});
