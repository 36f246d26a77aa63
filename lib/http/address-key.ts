/**
 * The key every per-address limit counts a client by (sign-in, leads, drafts, Web Vitals). IPv6
 * addresses count by their /64 network, which one subscriber usually holds whole: otherwise a
 * single machine could send from millions of addresses. IPv4 (also written as ::ffff:a.b.c.d)
 * counts per address; anything else ('unknown') as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
