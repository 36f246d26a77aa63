import { z } from 'zod';
import { LEAD_STATUS_VALUES } from '../statuses';

/**
 * The Leads page's filter, read from the query string by the page (/admin/leads?...) and by the
 * CSV export route alike: kind, status ('spam' is the spam folder), a search text, a date range
 * (UTC days, inclusive), the source, follow-ups due today or overdue (UTC days), the assignee
 * ('me' or 'none'), possible bots only, leads from outside the broker's licenses only, the view
 * (list or board), the page's number and, from Next and Previous, its keyset cursor ('older' or
 * 'newer' than a lead, as the activity log's): a page deep in a million leads costs what the first does.
 */

export const LEAD_KINDS = ['contact', 'qualification', 'application', 'ebook', 'calculator'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date.')
    .optional(),
);

/** 'today': the follow-up is today; 'overdue': it was before today and the lead is still open. */
export const FOLLOW_UP_DUE = ['today', 'overdue'] as const;
/** 'me': assigned to the signed-in account; 'none': unassigned. */
export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
/** The list (default) or the board by status. */
export const LEAD_VIEWS = ['list', 'board'] as const;
/** 'possible': only the leads marked "Possible bot" (ADR 030). */
export const BOT_FILTERS = ['possible'] as const;
/** 'outside': only the leads marked "Outside our licenses" (routing by state, issue 31). */
export const LICENSE_FILTERS = ['outside'] as const;

/** A place in the list: a lead's created_at and id, written `<created_at>_<id>` in the address. */
export interface LeadCursor {
  createdAt: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([\w-]{1,64})$/;

const cursor = z.preprocess(
  blank,
  z
    .string()
    .transform((v, ctx) => {
      const match = CURSOR.exec(v);
      if (match) return { createdAt: match[1]!, id: match[2]! } satisfies LeadCursor;
      ctx.addIssue({ code: 'custom', message: 'Not a place in the list.' });
      return z.NEVER;
    })
    .optional(),
);

export const cursorParam = (c: LeadCursor) => `${c.createdAt}_${c.id}`;

export const leadFilterSchema = z.object({
  kind: z.preprocess(blank, z.enum(LEAD_KINDS).optional()),
  status: z.preprocess(blank, z.enum(LEAD_STATUS_VALUES).optional()),
  q: z.preprocess(blank, z.string().trim().max(100).optional()),
  from: day,
  to: day,
  due: z.preprocess(blank, z.enum(FOLLOW_UP_DUE).optional()),
  assignee: z.preprocess(blank, z.enum(ASSIGNEE_FILTERS).optional()),
  view: z.preprocess(blank, z.enum(LEAD_VIEWS).optional()),
  bot: z.preprocess(blank, z.enum(BOT_FILTERS).optional()),
  licenses: z.preprocess(blank, z.enum(LICENSE_FILTERS).optional()),
  /** A source (lib/attribution/touch.ts: 'news', 'www.google.com', 'direct'): leads whose first or last touch it was. */
  source: z.preprocess(blank, z.string().trim().toLowerCase().max(100).optional()),
  page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
  /** The page is the leads after this one (Next); only past page 1, and 'older' wins over 'newer'. */
  older: cursor,
  /** The page is the leads before this one (Previous). */
  newer: cursor,
});

export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** What the filter's relative values mean for this request: who 'me' is and which UTC day is today. */
export interface FilterScope {
  /** The signed-in account (assignee=me); without it 'me' matches no lead. */
  me?: string;
  /** The UTC day YYYY-MM-DD (due=today/overdue); today's by default. */
  today?: string;
}

export const FILTER_KEYS = [
  'kind',
  'status',
  'q',
  'from',
  'to',
  'source',
  'due',
  'assignee',
  'bot',
  'licenses',
  'view',
  'page',
  'older',
  'newer',
] as const;

export function parseFilterParams(params: URLSearchParams) {
  return leadFilterSchema.safeParse(Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k)])));
}

/** The filter as a query string (page 1, its cursors and empty values left out), for links and the export. */
export function filterQuery(filter: Partial<LeadFilter>, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  const firstPage = (filter.page ?? 1) === 1 || options.page === false;
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value === undefined || value === '') continue;
    if (key === 'page' || key === 'older' || key === 'newer') {
      if (firstPage) continue;
      if (key === 'newer' && filter.older) continue;
    }
    params.set(key, typeof value === 'object' ? cursorParam(value) : String(value));
  }
  return params.toString();
}

export const leadIdSchema = z.string().min(1).max(64);

const LOST_REASON_REQUIRED = 'Say why the lead was lost.';
const lostReason = z.string().trim().max(500, 'Keep the reason under 500 characters.');

/**
 * The lead dialog's save. The pipeline fields are optional (left out: unchanged); '' clears the
 * assignee or the follow-up date. Closing a lead as lost needs a reason (the issue's 'lost with a
 * reason'); the reason is kept with the status change.
 */
export const leadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUS_VALUES, { error: 'Choose one of the listed statuses.' }),
  notes: z.string().max(10_000, 'Notes are too long (10,000 characters at most).'),
  assigneeId: z.string().max(32).optional(),
  followUpOn: z
    .union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-21.')])
    .refine((v) => v === '' || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date.')
    .optional(),
  lostReason: lostReason.optional(),
});
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

/** A schema's check that a lead closed as lost has a reason (refined after any `.extend`). */
export const requireLostReason = <T extends { status: string; lostReason?: string }>(v: T) =>
  v.status !== 'lost' || !!v.lostReason;
export const lostReasonIssue = { path: ['lostReason'], message: LOST_REASON_REQUIRED };

/** A card moved on the board: the new status, and the reason when it is 'lost'. */
export const leadMoveSchema = z
  .object({
    id: leadIdSchema,
    status: z.enum(LEAD_STATUS_VALUES, { error: 'Choose one of the listed statuses.' }),
    lostReason: lostReason.optional(),
  })
  .refine(requireLostReason, lostReasonIssue);
export type LeadMove = z.infer<typeof leadMoveSchema>;
