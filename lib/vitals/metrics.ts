/**
 * The five Web Vitals collected from real visitors (web-vitals' names), with Google's thresholds
 * (https://web.dev/articles/vitals): a value up to `good` is good, above `poor` is poor, in
 * between needs improvement. Time metrics are milliseconds, CLS a unitless score.
 */

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export type Rating = 'good' | 'needs-improvement' | 'poor';

export interface MetricInfo {
  title: string;
  good: number;
  poor: number;
  /** The largest value believed: above it a report is refused (a broken or forged measurement). */
  max: number;
  unit: 'ms' | 'score';
}

export const METRICS: Record<MetricName, MetricInfo> = {
  LCP: { title: 'Largest Contentful Paint', good: 2500, poor: 4000, max: 120_000, unit: 'ms' },
  INP: { title: 'Interaction to Next Paint', good: 200, poor: 500, max: 60_000, unit: 'ms' },
  CLS: { title: 'Cumulative Layout Shift', good: 0.1, poor: 0.25, max: 10, unit: 'score' },
  FCP: { title: 'First Contentful Paint', good: 1800, poor: 3000, max: 120_000, unit: 'ms' },
  TTFB: { title: 'Time to First Byte', good: 800, poor: 1800, max: 120_000, unit: 'ms' },
};

export const RATING_LABELS: Record<Rating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export function rating(metric: MetricName, value: number): Rating {
  const { good, poor } = METRICS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Page loads in seconds (as Google states their thresholds), INP in milliseconds, CLS as a score. */
export function formatMetric(metric: MetricName, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  if (metric === 'INP') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** The device classes and connection types a report may name. */
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** navigator.connection.effectiveType's values, or 'unknown' where the browser does not say. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
