import type { DeviceClass, MetricName } from './metrics';

/**
 * The Site Speed page's figures, apart from queries.server.ts that computes them, so its
 * components import no server module.
 */

export interface SiteSpeed {
  /** The window, first and last UTC day. */
  from: string;
  to: string;
  device: DeviceClass | null;
  /** Page views with at least one report in the window. */
  views: number;
  site: MetricPercentiles;
  /** Most viewed first. */
  pages: { path: string; metrics: MetricPercentiles }[];
  daily: Record<MetricName, DayPercentile[]>;
}

export interface DayPercentile {
  day: string;
  /** null on a day without a report. */
  p75: number | null;
  views: number;
}

export interface Percentile {
  p75: number;
  /** Page views that reported the metric. */
  views: number;
}

export type MetricPercentiles = Partial<Record<MetricName, Percentile>>;
