/**
 * The overview's periods, by UTC day like the Web Vitals (lib/vitals/days.ts): "today" is the UTC
 * day of now, "7 days" is today and the six days before it. The charts cover 30 or 90 days,
 * chosen in the URL (?range=90).
 */

export const CHART_RANGES = [30, 90] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The range a URL's `range` parameter asks for: 90 when it says so, otherwise 30. */
export function chartRange(param: string | string[] | undefined): ChartRange {
  return param === '90' ? 90 : 30;
}

/** "No source recorded": leads from before attribution (migration 0012) have an empty first_source. */
export const UNKNOWN_SOURCE = '(unknown)';
