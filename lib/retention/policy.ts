/**
 * How long what is kept (issue 17: the FTC Safeguards Rule asks a broker to dispose of customer
 * information no later than two years after its last use). Plain data and arithmetic, shared by
 * the settings form, the daily job and the tests.
 */

/** Leads are kept this many months after their last activity unless the owner sets otherwise. */
export const DEFAULT_LEAD_MONTHS = 24;
export const MIN_LEAD_MONTHS = 1;
export const MAX_LEAD_MONTHS = 120;

/** Suspected spam is deleted this many days after it arrived, whatever the lead setting. */
export const SPAM_DAYS = 30;
/** Daily follow-up digests (which name leads) are kept this long in the outbox, then deleted. */
export const DIGEST_DAYS = 30;
/** Accepted or expired invitations are kept this long, then deleted. */
export const INVITE_DAYS = 30;
/** Sign-in attempts only matter to the throttle's last hour; a day is plenty. */
export const SIGN_IN_ATTEMPT_DAYS = 1;

const DAY_MS = 86_400_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * The same moment `months` calendar months earlier (UTC); a day the earlier month lacks becomes
 * its last day (31 March minus one month is 28 or 29 February, not 3 March).
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(now);
  result.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return result;
}

/** The UTC day of a moment, YYYY-MM-DD: the daily job runs once per such day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
