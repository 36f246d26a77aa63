/**
 * Exact arithmetic for the calculators (issue 19): rationals of BigInts, so a figure is never
 * rounded before the end. Money and rates enter as decimal strings ('400000', '7.5') and leave as
 * whole cents, rounded half away from zero only for display. Floating point would drift: 12 even
 * draws of 400,000 are 33,333.33... each, and cents-rounded draws no longer add up to the loan.
 */

export interface Exact {
  /** Numerator; carries the sign. */
  readonly n: bigint;
  /** Denominator, always positive. */
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export function exact(n: bigint | number, d: bigint | number = 1n): Exact {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError('Division by zero');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
}

export const ZERO = exact(0);
export const ONE = exact(1);

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string such as '400000', '7.5' or '-0.25' exactly; null when it is not one. */
export function parseDecimal(text: string): Exact | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const n = BigInt(whole! + fraction) * (sign ? -1n : 1n);
  return exact(n, 10n ** BigInt(fraction.length));
}

export const add = (a: Exact, b: Exact) => exact(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Exact, b: Exact) => exact(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Exact, b: Exact) => exact(a.n * b.n, a.d * b.d);
export const div = (a: Exact, b: Exact) => exact(a.n * b.d, a.d * b.n);
export const compare = (a: Exact, b: Exact) => {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
};
export const min = (a: Exact, b: Exact) => (compare(a, b) <= 0 ? a : b);
export const max = (a: Exact, b: Exact) => (compare(a, b) >= 0 ? a : b);
export const sum = (values: Exact[]) => values.reduce(add, ZERO);
export const equals = (a: Exact, b: Exact) => a.n === b.n && a.d === b.d;

/** a to a whole power n ≥ 0, exactly. */
export function pow(a: Exact, n: number): Exact {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('pow takes a whole exponent ≥ 0');
  // Powers of a reduced fraction's coprime terms are coprime: no reduction to do, and none to pay
  // for (Euclid on the 4,000-bit terms of a 30-year loan's growth took milliseconds).
  return { n: a.n ** BigInt(n), d: a.d ** BigInt(n) };
}

/** A percentage such as 7.5 (meaning 7.5%) as the fraction 0.075. */
export const percent = (value: Exact) => div(value, exact(100));

/** Whole cents, rounded half away from zero: the only rounding, for display and for payments. */
export function toCents(value: Exact): bigint {
  const scaled = value.n * 100n;
  const q = scaled / value.d;
  const r = scaled % value.d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < value.d) return q;
  return scaled < 0n ? q - 1n : q + 1n;
}

export const fromCents = (cents: bigint) => exact(cents, 100n);

/**
 * `toCents(mul(fromCents(cents), factor))` without building the product: the same rounding (half
 * away from zero) of cents × factor, for loops that run it hundreds of times (a 30-year schedule).
 */
export function centsTimes(cents: bigint, factor: Exact): bigint {
  const scaled = cents * factor.n;
  const q = scaled / factor.d;
  const r = scaled % factor.d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < factor.d) return q;
  return scaled < 0n ? q - 1n : q + 1n;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Below this many cents (10 trillion dollars) the digits are grouped by hand, as Intl would. */
const HAND_FORMATTED = 10n ** 15n;

/**
 * Cents as en-US dollars with two decimals ('$16,250.00', '-$0.01'); exact for any amount a loan
 * can have. Intl's answer, character for character (exact.test.ts), built from the digits: a
 * 30-year schedule formats a hundred figures per page, and Intl took a microsecond each (issue 32).
 */
export function formatCents(cents: bigint): string {
  // Beyond, a Number's rounding shows in Intl's answer; keep it rather than differ from it.
  if (cents >= HAND_FORMATTED || cents <= -HAND_FORMATTED) return dollars.format(Number(cents) / 100);
  const negative = cents < 0n;
  const digits = String(negative ? -cents : cents).padStart(3, '0');
  const whole = digits.slice(0, -2);
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  return `${negative ? '-' : ''}$${grouped}.${digits.slice(-2)}`;
}

/** A value rounded to cents, then formatted. */
export const formatUsd = (value: Exact) => formatCents(toCents(value));

/** A ratio as a percentage with `digits` decimals, rounded half away from zero (0.4375 → '43.75%'). */
export function formatPercent(ratio: Exact, digits = 2): string {
  const scale = 10n ** BigInt(digits);
  // toCents rounds x × 100: with x = ratio × 10^digits that is the percentage in units of 10^-digits.
  const units = toCents(mul(ratio, exact(scale)));
  const abs = units < 0n ? -units : units;
  const fraction = digits ? `.${(abs % scale).toString().padStart(digits, '0')}` : '';
  return `${units < 0n ? '-' : ''}${abs / scale}${fraction}%`;
}
