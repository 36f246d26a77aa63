/**
 * What every admin Server Action answers: a toast title with data on success, or a title and an
 * error (with messages per field when the input was the problem). Plain data, so client
 * components import it as freely as the server does.
 */
export type ActionSuccess<T> = { ok: true; title: string; message?: string; data: T };
export type ActionFailure = {
  ok: false;
  title: string;
  error: string;
  fieldErrors?: Record<string, string>;
  /**
   * 'step-up': the action needs the password (and code) again; the client asks and retries.
   * 'choose-password': the default password is still in effect; /admin/choose-password comes first.
   */
  code?: 'step-up' | 'choose-password';
};
export type ActionResult<T = undefined> = ActionSuccess<T> | ActionFailure;

export const SIGNED_OUT = {
  ok: false,
  title: 'Signed Out',
  error: 'Your session has ended. Please sign in again.',
} as const satisfies ActionFailure;

/** Exports, security settings and deletions need a full sign-in within the last 10 minutes. */
export const STEP_UP_REQUIRED = {
  ok: false,
  title: "Confirm It's You",
  error: 'For your security, enter your password again to continue.',
  code: 'step-up',
} as const satisfies ActionFailure;

/** The built-in default password is still in effect: nothing is done until another is chosen. */
export const PASSWORD_CHOICE_REQUIRED = {
  ok: false,
  title: '🔐 Choose Your Password',
  error: 'Choose your own password before doing anything else: the default one is shown on the login page.',
  code: 'choose-password',
} as const satisfies ActionFailure;

/** 'Require two-factor for every account' is on and this account has no second factor yet. */
export const TWO_FACTOR_SET_UP_REQUIRED = {
  ok: false,
  title: '🔐 Two-Factor Required',
  error: 'Set up two-factor authentication in My Account before doing this.',
} as const satisfies ActionFailure;

/** Input the admin's own forms never send (a forged or stale request). */
export const INVALID_REQUEST = {
  ok: false,
  title: '❌ Not Saved',
  error: 'The request was not understood.',
} as const satisfies ActionFailure;

export function succeed(result: { title: string; message?: string }): ActionSuccess<undefined>;
export function succeed<T>(result: { title: string; message?: string; data: T }): ActionSuccess<T>;
export function succeed<T>(result: { title: string; message?: string; data?: T }): ActionSuccess<T | undefined> {
  return { ok: true, ...result, data: result.data };
}

export function fail(title: string, error: string, fieldErrors?: Record<string, string>): ActionFailure {
  return fieldErrors ? { ok: false, title, error, fieldErrors } : { ok: false, title, error };
}

/** Field errors from a zod error, keyed by dotted path ('' for the input as a whole). */
export function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}
