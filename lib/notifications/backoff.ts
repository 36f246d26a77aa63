/**
 * When the outbox tries a failed notification again: 30 s after the first failure, doubling up
 * to one hour, then hourly, for 48 hours of retries in all (the issue asks for at least 24 h), so
 * a mail server that is down over a weekend night still gets the lead. Pure, so it is tested alone.
 */

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 3_600_000;
export const RETRY_WINDOW_MS = 48 * 3_600_000;

/** The wait after the given number of failed attempts (1 = the first failure). */
export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_MS * 2 ** Math.min(exponent, 30));
}

/** Attempts made before giving up: enough that the waits between them cover RETRY_WINDOW_MS. */
export const MAX_ATTEMPTS = (() => {
  let waited = 0;
  let attempts = 1;
  while (waited < RETRY_WINDOW_MS) waited += retryDelayMs(attempts++);
  return attempts;
})();

/** When to try again after `failedAttempts` failures, or null when the retries are used up. */
export function nextAttemptAt(failedAttempts: number, now: Date): Date | null {
  if (failedAttempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + retryDelayMs(failedAttempts));
}
