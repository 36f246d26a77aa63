import { z } from 'zod';
import { LEAD_STATUS_VALUES } from '../statuses';

/**
 * The Leads page's filter, read from the query string by the page (/admin/leads?...) and by the
 * CSV export route alike: kind, status ('spam' is the spam folder), a search text, a date range
 * (UTC days, inclusive), the source and the page.
 */

export const LEAD_KINDS = ['contact', 'qualification', 'application', 'ebook'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date.')
    .optional(),
);

export const leadFilterSchema = z.object({
  kind: z.preprocess(blank, z.enum(LEAD_KINDS).optional()),
  status: z.preprocess(blank, z.enum(LEAD_STATUS_VALUES).optional()),
  q: z.preprocess(blank, z.string().trim().max(100).optional()),
  from: day,
  to: day,
  /** A source (lib/attribution/touch.ts: 'news', 'www.google.com', 'direct'): leads whose first or last touch it was. */
  source: z.preprocess(blank, z.string().trim().toLowerCase().max(100).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
});

export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const FILTER_KEYS = ['kind', 'status', 'q', 'from', 'to', 'source', 'page'] as const;

export function parseFilterParams(params: URLSearchParams) {
  return leadFilterSchema.safeParse(Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k)])));
}

/** The filter as a query string (page 1 and empty values left out), for links and the export. */
export function filterQuery(filter: Partial<LeadFilter>, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === '' || (key === 'page' && (value === 1 || options.page === false))) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** The first instant after a UTC day, as stored timestamps are compared. */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export const leadIdSchema = z.string().min(1).max(64);

export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUS_VALUES, { error: 'Choose one of the listed statuses.' }),
  notes: z.string().max(10_000, 'Notes are too long (10,000 characters at most).'),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;
