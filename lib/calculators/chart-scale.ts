/**
 * The axis of the calculators' charts (components/calculators/bar-chart.tsx). Floating point is
 * fine here: it places pixels, never a figure anyone reads as money (the tables are exact).
 */

/** A round step for the axis: 1, 2 or 5 × a power of ten, about a third of the top value. */
export function niceStep(max: number): number {
  const rough = max / 3;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
}

/**
 * An axis label ('$2.5K', '$1M'), written by hand: Intl's compact notation differs between Node's
 * ICU and a browser's ('$0.0' against '$0'), and a text that differs makes React drop the server's
 * markup at hydration, with what the visitor had typed.
 */
export function axisLabel(value: number): string {
  const [divisor, unit] = value >= 1e6 ? [1e6, 'M'] : value >= 1e3 ? [1e3, 'K'] : [1, ''];
  return `$${String(Math.round((value / divisor) * 10) / 10)}${unit}`;
}
