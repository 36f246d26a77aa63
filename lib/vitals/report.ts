import { z } from 'zod';
import { CONNECTION_TYPES, DEVICE_CLASSES, METRICS, type MetricName } from './metrics';

/**
 * What a page's collector (lib/vitals/client/collector.ts) sends when the page is hidden: one
 * JSON object, as text/plain so navigator.sendBeacon needs no CORS preflight. Nothing in it
 * identifies the visitor: the id is random per page view and only lets a later report of the
 * same view replace its earlier values.
 */

/** 16 random bytes in hex, made afresh for every page view (and every back/forward-cache restore). */
export const VIEW_ID_PATTERN = /^[0-9a-f]{32}$/;

const metricValue = (name: MetricName) =>
  z
    // z.number() refuses NaN and the infinities too.
    .number({ error: `${name} must be a finite number` })
    .min(0, { error: `${name} must not be negative` })
    .max(METRICS[name].max, { error: `${name} must be at most ${METRICS[name].max}` });

export const reportSchema = z.strictObject({
  id: z.string().regex(VIEW_ID_PATTERN, { error: 'id must be the page view’s random id (32 hex digits)' }),
  path: z
    .string({ error: 'path must be the page’s path' })
    .min(1, { error: 'path must be the page’s path' })
    .max(2000, { error: 'path is too long' }),
  device: z.enum(DEVICE_CLASSES, { error: `device must be one of ${DEVICE_CLASSES.join(', ')}` }),
  connection: z.enum(CONNECTION_TYPES, { error: `connection must be one of ${CONNECTION_TYPES.join(', ')}` }),
  // A strict object of the five known names: an unknown metric is refused, and no report can
  // carry more than five.
  metrics: z
    .strictObject({
      LCP: metricValue('LCP').optional(),
      INP: metricValue('INP').optional(),
      CLS: metricValue('CLS').optional(),
      FCP: metricValue('FCP').optional(),
      TTFB: metricValue('TTFB').optional(),
    })
    .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), {
      error: 'metrics must hold at least one metric',
    }),
});

export type VitalsReport = z.output<typeof reportSchema>;

/** 400 for a body that is not a JSON object, 422 for one that is not a valid report. */
export type ParsedReport = { ok: true; report: VitalsReport } | { ok: false; status: 400 | 422; message: string };

/** Parses a report's body: the report, or a message naming what is wrong with it. */
export function parseReport(text: string): ParsedReport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'The report is not JSON.' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, status: 400, message: 'The report must be a JSON object.' };
  const result = reportSchema.safeParse(json);
  if (result.success) return { ok: true, report: result.data };
  const issue = result.error.issues[0]!;
  const where = issue.path.join('.');
  const unknown = where === 'metrics' ? 'metric' : 'field';
  const message = issue.code === 'unrecognized_keys' ? `unknown ${unknown} ${issue.keys.join(', ')}` : issue.message;
  return { ok: false, status: 422, message: `Invalid report: ${message}.` };
}

/** The report's metrics as [name, value] pairs, the unset ones left out. */
export function reportedMetrics(report: VitalsReport): [MetricName, number][] {
  return Object.entries(report.metrics).filter((entry): entry is [MetricName, number] => entry[1] !== undefined);
}
