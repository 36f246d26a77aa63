import 'server-only';
import { forbidden } from 'next/navigation';
import type { z } from 'zod';
import { recordActivity, actorOf } from '../activity/record.server';
import type { Permission } from '../auth/roles';
import { getAdminSession, requestClient } from '../auth/session.server';
import type { AdminSession } from '../auth/sessions.server';
import { expireAfterWrite } from '../cache/expire.server';
import type { CacheTagName } from '../cache/tags';
import { getDb } from '../db/index.server';
import { refusalFor, type AdmissionOptions } from './admission.server';
import {
  fieldErrorsOf,
  INVALID_REQUEST,
  PASSWORD_CHOICE_REQUIRED,
  SIGNED_OUT,
  STEP_UP_REQUIRED,
  TWO_FACTOR_SET_UP_REQUIRED,
  type ActionFailure,
  type ActionResult,
} from './result';
import type { AdminContext } from './context';

/**
 * The one way an admin Server Action is written: input -> session -> role -> zod -> handler ->
 * typed result -> cache expiry. A 'use server' file exports what these return, so no action can
 * forget the session or the role check, and the client gets one result shape from all of them.
 */

export interface AdminActionOptions extends AdmissionOptions {
  /** What the account's role must allow (lib/auth/roles.ts); otherwise 403. */
  permission: Permission;
  /** Needs a full sign-in within the last 10 minutes (exports, security settings, deletions). */
  stepUp?: boolean;
  /** Cache tags the action's successful writes change; expired after every `ok` result. */
  expires?: readonly CacheTagName[];
  /**
   * The answer to input the schema refuses, where the spec names its own toast. The default is
   * INVALID_REQUEST with the field errors: the admin's forms never send such input.
   */
  invalid?: (fieldErrors: Record<string, string>, issues: readonly z.core.$ZodIssue[]) => ActionFailure;
}

type Handler<S extends z.ZodType, T> = (input: z.output<S>, context: AdminContext) => Promise<ActionResult<T>>;

/** The shared core: everything but how the input arrives. */
async function run<S extends z.ZodType, T>(
  schema: S,
  handler: Handler<S, T>,
  options: AdminActionOptions,
  input: unknown,
): Promise<ActionResult<T>> {
  // The session first: a signed-out caller learns nothing, not even whether its input was valid.
  const session = await getAdminSession();
  if (!session) return SIGNED_OUT;
  const refusal = await refusalFor(session, options.permission, options);
  if (refusal === 'choose-password') return PASSWORD_CHOICE_REQUIRED;
  if (refusal === 'forbidden') forbidden();
  if (refusal === 'two-factor') return TWO_FACTOR_SET_UP_REQUIRED;
  if (refusal === 'step-up') return STEP_UP_REQUIRED;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return options.invalid?.(fieldErrors, parsed.error.issues) ?? { ...INVALID_REQUEST, fieldErrors };
  }
  const result = await handler(parsed.data, await adminContext(session));
  if (result.ok && options.expires) await expireAfterWrite(options.expires);
  return result;
}

/** An action called from client code with one input object (or none). */
export function adminAction<S extends z.ZodType, T>(
  schema: S,
  handler: Handler<S, T>,
  options: AdminActionOptions,
): (...input: InputArgs<S>) => Promise<ActionResult<T>> {
  return async (...[input]) => run(schema, handler, options, input);
}

// An action whose schema accepts `undefined` (no input) is called with no argument.
type InputArgs<S extends z.ZodType> = undefined extends z.input<S> ? [input?: z.input<S>] : [input: z.input<S>];

/**
 * The same action as a `useActionState` form action: `(previous, formData)`, the form's fields
 * as the input object. `null` is the state before the first submission.
 */
export function adminFormAction<S extends z.ZodType, T>(
  schema: S,
  handler: Handler<S, T>,
  options: AdminActionOptions,
): (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>> {
  // A post that carries no form (a forged call) still meets the session and role checks first, then
  // the schema's refusal: never an exception.
  return async (_previous, formData) =>
    run(schema, handler, options, formData instanceof FormData ? formFields(formData) : undefined);
}

/** A form's fields as an object; React's own `$ACTION_...` fields are left out. */
export function formFields(formData: FormData): Record<string, string | File | (string | File)[]> {
  const fields: Record<string, string | File | (string | File)[]> = {};
  for (const key of new Set(formData.keys())) {
    if (key.startsWith('$ACTION')) continue;
    const values = formData.getAll(key);
    fields[key] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/** The context a handler (or an admin route) works in, for a session already checked. */
export async function adminContext(session: AdminSession): Promise<AdminContext> {
  const db = await getDb();
  const { ip } = await requestClient();
  const actor = actorOf(session.account);
  return {
    session,
    account: session.account,
    db,
    log: (entry, within = db) => recordActivity(within, { ...entry, actor, ip }),
  };
}
