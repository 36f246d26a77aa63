import { describe, expect, it } from 'vitest';
import { formatCents } from './exact';
import { seededRandom } from '../../tests/support/seeded-random';

/** What formatCents answered before it grouped digits by hand (issue 32), and must still answer. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const byIntl = (cents: bigint) => intl.format(Number(cents) / 100);

/** Every value where the answers differ; empty when they agree. */
const differences = (values: Iterable<bigint>) => {
  const found: { cents: bigint; ours: string; intl: string }[] = [];
  for (const cents of values) {
    const ours = formatCents(cents);
    if (ours !== byIntl(cents) && found.length < 10) found.push({ cents, ours, intl: byIntl(cents) });
  }
  return found;
};

function* range(from: bigint, to: bigint) {
  for (let cents = from; cents <= to; cents++) yield cents;
}

/** Seeded: a failure names a value that can be tried again. */
function* spread(seed: number, count: number) {
  const next = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    // Evenly over the number of digits, 1 to 16, then any value of that length, either sign.
    const smallest = 10 ** Math.floor(next() * 16);
    const cents = BigInt(Math.min(smallest + Math.floor(next() * 9 * smallest), 2 ** 53));
    yield next() < 0.5 ? -cents : cents;
  }
}

describe('formatCents', () => {
  it('reads as en-US dollars', () => {
    expect(formatCents(1_625_000n)).toBe('$16,250.00');
    expect(formatCents(-1n)).toBe('-$0.01');
    expect(formatCents(0n)).toBe('$0.00');
  });

  it('matches Intl for every amount from -$2,000 to $2,000', () => {
    expect(differences(range(-200_000n, 200_000n))).toEqual([]);
  });

  it('matches Intl at each new digit and comma, up to 2^53 cents, either sign', () => {
    const edges: bigint[] = [];
    for (let power = 1n; power <= 2n ** 53n; power *= 10n)
      for (const cents of [power - 1n, power, power + 1n, power * 5n, 2n ** 53n - power]) edges.push(cents, -cents);
    edges.push(2n ** 53n, -(2n ** 53n), 2n ** 46n * 100n, 10n ** 15n - 1n, -(10n ** 15n - 1n));
    expect(differences(edges)).toEqual([]);
  });

  it('matches Intl on 200,000 amounts spread over every size up to 2^53 cents', () => {
    expect(differences(spread(32, 200_000))).toEqual([]);
  });
});
