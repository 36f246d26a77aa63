/**
 * How long what is kept (issue 17: the FTC Safeguards Rule asks a broker to dispose of customer
 * information no later than two years after its last use). Plain data, shared by the settings form,
 * the daily job and the tests; the date arithmetic is lib/time/calendar.ts.
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
/**
 * An upload still 'writing' this long after it began was cut off by a crash (a failed upload cleans
 * up after itself): its rows go. Far beyond the minutes a 25 MB upload takes.
 */
export const UNFINISHED_UPLOAD_DAYS = 1;
