import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool';

describe('pooledRandomBytes', () => {
  it('hands out each random byte once, across many refills of the pool', () => {
    // 16-byte draws as the CSP nonces take them: 50,000 of them refill the 4 KB pool about 200 times.
    const drawn = Array.from({ length: 50_000 }, () => Buffer.from(pooledRandomBytes(16)).toString('hex'));
    expect(new Set(drawn).size).toBe(drawn.length);
    // Not a counter or a constant: every byte value turns up.
    expect(new Set(drawn.join('').match(/../g)).size).toBe(256);
  });

  it('gives a copy that a later refill leaves as it was', () => {
    const first = pooledRandomBytes(4000);
    const kept = Buffer.from(first).toString('hex');
    for (let i = 0; i < 10; i++) pooledRandomBytes(4000);
    expect(Buffer.from(first).toString('hex')).toBe(kept);
  });

  it('refuses a count it cannot draw at once', () => {
    for (const count of [0, -1, 1.5, 4097]) expect(() => pooledRandomBytes(count)).toThrow(RangeError);
  });
});
