import { isIP } from 'node:net';

/**
 * Which IP addresses are not the public internet: IANA's special-purpose registries (RFC 6890 and
 * its updates) reduced to what an outgoing request must never reach when someone other than the
 * operator chose its address. Each range carries the words the error names it by. Written out
 * rather than with net.BlockList, which matches IPv4 rules against IPv4-mapped IPv6 and back
 * (a ::ffff:0:0/96 rule there refuses every IPv4 address), so the two families stay apart here.
 *
 * IPv6 is refused outside 2000::/3, the only block IANA hands out as global unicast: that covers
 * loopback, unspecified, IPv4-mapped and -compatible, NAT64, discard, unique-local, link-local,
 * site-local and multicast at once; inside it, the transition and documentation ranges that
 * tunnel to or stand for other addresses are refused by name.
 */

type Range = readonly [prefix: string, bits: number, kind: string];

const IPV4: readonly Range[] = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT (shared) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.31.196.0', 24, 'an AS112 address'],
  ['192.52.193.0', 24, 'an AMT address'],
  ['192.88.99.0', 24, 'a 6to4 relay address'],
  ['192.168.0.0', 16, 'a private address'],
  ['192.175.48.0', 24, 'an AS112 address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

/** Inside 2000::/3, the global unicast block, the ranges that are not a host on the internet. */
const IPV6_IN_GLOBAL: readonly Range[] = [
  ['2001::', 32, 'a Teredo tunnel address'],
  ['2001:2::', 48, 'a benchmarking address'],
  ['2001:10::', 28, 'an ORCHID address'],
  ['2001:20::', 28, 'an ORCHIDv2 address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2002::', 16, 'a 6to4 address'],
  ['3fff::', 20, 'a documentation address'],
];

/** Names of ranges outside 2000::/3, for a clearer message than 'not global unicast'. */
const IPV6_OUTSIDE: readonly Range[] = [
  ['::', 128, 'the unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::ffff:0:0', 96, 'an IPv4-mapped address'],
  ['::', 96, 'an IPv4-compatible address'],
  ['64:ff9b::', 96, 'a NAT64 address'],
  ['64:ff9b:1::', 48, 'a NAT64 address'],
  ['100::', 64, 'a discard address'],
  ['fc00::', 7, 'a unique-local address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

function ipv4Bits(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** The 128 bits of an IPv6 address in any valid spelling (with '::', with a dotted IPv4 tail). */
function ipv6Bits(address: string): bigint {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Bits(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function inRange(bits: bigint, width: number, [prefix, length]: Range, parse: (a: string) => bigint): boolean {
  const shift = BigInt(width - length);
  return bits >> shift === parse(prefix) >> shift;
}

/**
 * What kind of special-purpose address `address` is ('a private address', 'a loopback address',
 * ...), or null for a public one. Anything that is not an IP address counts as special: a caller
 * must resolve names first and check what they resolve to.
 */
export function specialAddressKind(address: string): string | null {
  // A zone (fe80::1%eth0) names the interface, not the address.
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(bare);
  if (family === 4) {
    const bits = ipv4Bits(bare);
    return IPV4.find((range) => inRange(bits, 32, range, ipv4Bits))?.[2] ?? null;
  }
  if (family === 6) {
    const bits = ipv6Bits(bare);
    const global = inRange(bits, 128, ['2000::', 3, ''], ipv6Bits);
    if (global) return IPV6_IN_GLOBAL.find((range) => inRange(bits, 128, range, ipv6Bits))?.[2] ?? null;
    return IPV6_OUTSIDE.find((range) => inRange(bits, 128, range, ipv6Bits))?.[2] ?? 'a reserved IPv6 address';
  }
  return 'not an IP address';
}
