import { z } from 'zod';
import { isActivityAction, type ActivityAction } from './kinds';
import { ACTIVITY_GROUPS, isActivityGroup } from './groups';

/**
 * The activity log's filter, read from the Security page's address (a plain GET form, so it works
 * without JavaScript and a filtered view can be bookmarked) and by the CSV export route alike:
 * an action or a group of them, who, a date range (UTC days, inclusive), a text in the target,
 * and the keyset cursor of the page ('older' or 'newer' than an entry).
 */

export const ACTIVITY_PAGE_SIZE = 50;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date.')
    .optional(),
);

/** A position in the log: the entry's time and id, written `<at>_<id>` in the address. */
export interface ActivityCursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([\w-]{1,32})$/;

const cursor = z.preprocess(
  blank,
  z
    .string()
    .transform((v, ctx) => {
      const match = CURSOR.exec(v);
      if (match) return { at: match[1]!, id: match[2]! } satisfies ActivityCursor;
      ctx.addIssue({ code: 'custom', message: 'Not a position in the log.' });
      return z.NEVER;
    })
    .optional(),
);

export const activityFilterSchema = z
  .object({
    action: z.preprocess(
      blank,
      z
        .string()
        .refine((v) => isActivityAction(v) || isActivityGroup(v), 'Choose one of the listed actions.')
        .optional(),
    ),
    actor: z.preprocess(blank, z.string().trim().max(254).optional()),
    from: day,
    to: day,
    q: z.preprocess(blank, z.string().trim().max(100).optional()),
    older: cursor,
    newer: cursor,
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { path: ['to'], message: 'The end date is before the start date.' })
  .refine((f) => !(f.older && f.newer), { path: ['newer'], message: 'Choose one page.' });

export type ActivityFilter = z.output<typeof activityFilterSchema>;

export const ACTIVITY_FILTER_KEYS = ['action', 'actor', 'from', 'to', 'q', 'older', 'newer'] as const;

export function parseActivityParams(params: URLSearchParams) {
  return activityFilterSchema.safeParse(Object.fromEntries(ACTIVITY_FILTER_KEYS.map((k) => [k, params.get(k)])));
}

export const cursorParam = (c: ActivityCursor) => `${c.at}_${c.id}`;

/** The filter as a query string (empty values left out; the page only when `page` is given). */
export function activityQuery(filter: Partial<ActivityFilter>, page?: { older: ActivityCursor } | { newer: ActivityCursor }) {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'from', 'to', 'q'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (page && 'older' in page) params.set('older', cursorParam(page.older));
  if (page && 'newer' in page) params.set('newer', cursorParam(page.newer));
  return params.toString();
}

/** The actions a filter's `action` stands for (one, or a group's); undefined for any action. */
export function filterActions(action: string | undefined): readonly ActivityAction[] | undefined {
  if (action === undefined) return undefined;
  if (isActivityGroup(action)) return ACTIVITY_GROUPS[action].actions;
  return isActivityAction(action) ? [action] : [];
}
