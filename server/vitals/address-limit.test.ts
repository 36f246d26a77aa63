import { describe, expect, it } from 'vitest';
import { AddressLimit, addressKey } from './address-limit';

describe('the per-address allowance of Web Vitals reports', () => {
  it('allows so many per minute, then again the next minute', () => {
    const limit = new AddressLimit(2);
    const minute = 60_000 * 1000;
    expect([1, 2, 3].map(() => limit.allow('192.0.2.1', minute))).toEqual([true, true, false]);
    expect(limit.allow('192.0.2.2', minute + 59_999)).toBe(true);
    expect(limit.allow('192.0.2.1', minute + 60_000)).toBe(true);
  });

  it('holds at most so many addresses a minute', () => {
    const limit = new AddressLimit(5, 2);
    expect(['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.1'].map((address) => limit.allow(address, 0))).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:0:1::5', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
