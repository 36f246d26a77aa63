import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the counting key of an address', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:0:1::5', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:DB8:0:1:FFFF::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = ['2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:ffff', '2001:0db8:0005:0006:1234::9'].map(addressKey);
    expect(new Set(keys).size).toBe(1);
    expect(addressKey('2001:db8:5:7::1')).not.toBe(keys[0]);
  });
});
