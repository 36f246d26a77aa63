/**
 * How many Web Vitals reports one client address may send per minute, counted in this process's
 * memory. Unlike the lead rate limit and the sign-in throttle (exact across instances, in the
 * database), no address is ever written anywhere: a report is worth little, and counting in the
 * database would add a write per page view. With several instances an address gets the allowance
 * at each. Fixed one-minute windows; the map is emptied every minute and holds at most
 * `maxAddresses` addresses, so a flood from many addresses cannot grow it without bound (beyond
 * that, new addresses wait for the next minute).
 */
export class AddressLimit {
  private minute = -1;
  private counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly maxAddresses = 100_000,
  ) {}

  /** Counts one report from `address`; false when the address has used up its minute. */
  allow(address: string, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts.clear();
    }
    const key = addressKey(address);
    const count = this.counts.get(key) ?? 0;
    if (count >= this.perMinute || (count === 0 && this.counts.size >= this.maxAddresses)) return false;
    this.counts.set(key, count + 1);
    return true;
  }
}

/**
 * IPv6 addresses count by their /64 network, which one subscriber usually holds whole: otherwise a
 * single machine could send from millions of addresses. IPv4 (also written as ::ffff:a.b.c.d)
 * counts per address.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
