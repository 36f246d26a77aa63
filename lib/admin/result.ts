/** What an admin Server Action answers: data and a toast on success, or an error with field messages. */
export type AdminResult<T = undefined> =
  | ({ ok: true; title: string; message?: string } & (T extends undefined ? object : { data: T }))
  | { ok: false; title: string; error: string; fieldErrors?: Record<string, string> };

export const SIGNED_OUT = {
  ok: false,
  title: 'Signed Out',
  error: 'Your session has ended. Please sign in again.',
} as const;

export const INVALID_REQUEST = { ok: false, title: '❌ Not Saved', error: 'The request was not understood.' } as const;

/** Field errors from a zod error, keyed by dotted path. */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}
