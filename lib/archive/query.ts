import { isFixedPagePath, officerSlugOf, postSlugOf } from './pages';

/**
 * The admin's archive addresses: a moment, a page and a date range, read from a query string.
 * Times are UTC: a `datetime-local` field's value (2026-11-26T14:00) is read as UTC, and so is
 * an ISO time with its zone. Anything else is refused with a message, never guessed.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A moment as an ISO time in UTC, or null when the value is none. */
export function parseMoment(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  let date: Date;
  const local = LOCAL.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s = '0', ms = '0'] = local;
    date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s, +ms.padEnd(3, '0')));
    // 2026-02-30 would roll over into March: refused instead.
    if (date.getUTCMonth() !== +mo! - 1 || date.getUTCDate() !== +d! || date.getUTCHours() !== +h!) return null;
  } else if (ZONED.test(value)) date = new Date(value);
  else return null;
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 9999 ? null : date.toISOString();
}

/** The value of a `datetime-local` field showing a moment in UTC, to the second. */
export const momentInput = (iso: string) => iso.slice(0, 19);

/** The public paths the archive can show: the fixed pages, a post's page and a loan officer's. */
export function isArchivePath(value: unknown): value is string {
  return typeof value === 'string' && (isFixedPagePath(value) || postSlugOf(value) !== null || officerSlugOf(value) !== null);
}

type Param = string | string[] | undefined;
const single = (value: Param) => (Array.isArray(value) ? undefined : value);

export type ViewQuery = { at: string; path: string } | { error: string };

/** /admin/archive/view?at=…&page=/rates */
export function parseViewQuery(params: Record<string, Param>): ViewQuery {
  const at = parseMoment(single(params.at));
  if (!at) return { error: 'Give the date and time (UTC) to show the site as of.' };
  const path = single(params.page);
  if (!isArchivePath(path)) return { error: 'Choose one of the archived pages.' };
  return { at, path };
}

export type ExportQuery = { from: string; to: string } | { error: string };

/** /api/admin/archive/export?from=…&to=… */
export function parseExportQuery(params: URLSearchParams): ExportQuery {
  const from = parseMoment(params.get('from'));
  const to = parseMoment(params.get('to'));
  if (!from || !to) return { error: 'Give the start and the end of the range, as dates and times (UTC).' };
  if (from > to) return { error: 'The start of the range is after its end.' };
  return { from, to };
}
