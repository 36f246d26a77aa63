/**
 * Rates and APRs are stored as the text the site shows ('6.75%', spec section 3), but the admin
 * checks them as numbers and the representative example computes with them.
 */

// A minus sign is read, so that '-1%' is refused as out of range rather than as not a number.
const PERCENT = /^(-?\d{1,3}(?:\.\d{1,3})?)\s*%?$/;

/** '6.75%', '6.75' or '6.750 %' → 6.75; anything that is not a plain percentage → null. */
export function parsePercent(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** 7 → '7.00%', 6.875 → '6.875%': the one way a stored rate is written. */
export function formatPercent(value: number): string {
  return `${format.format(value)}%`;
}
