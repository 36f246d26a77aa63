import { describe, expect, it } from 'vitest';
import { specialAddressKind } from './special-addresses';

describe('special-purpose addresses', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.5', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['100.64.0.1', 'a carrier-grade NAT (shared) address'],
    ['100.127.255.255', 'a carrier-grade NAT (shared) address'],
    ['192.0.0.170', 'an IETF protocol address'],
    ['192.0.2.10', 'a documentation address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['224.0.0.251', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['::', 'the unspecified address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped address'],
    ['::ffff:a9fe:a9fe', 'an IPv4-mapped address'],
    ['::ffff:8.8.8.8', 'an IPv4-mapped address'],
    ['::127.0.0.1', 'an IPv4-compatible address'],
    ['64:ff9b::a00:1', 'a NAT64 address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456:789a::1', 'a unique-local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['2002:a00:1::1', 'a 6to4 address'],
    ['2001:0:4136:e378::1', 'a Teredo tunnel address'],
    ['4000::1', 'a reserved IPv6 address'],
    ['localhost', 'not an IP address'],
  ])('%s is %s', (address, kind) => {
    expect(specialAddressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '142.250.74.10',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '11.0.0.1',
    '2a00:1450:4001:81b::200a',
    '2606:4700:4700::1111',
  ])('%s is a public address', (address) => {
    expect(specialAddressKind(address)).toBeNull();
  });
});
