import { APPLICATION_STEP1, APPLICATION_STEP2 } from '../leads/application-fields';
import { HIDDEN, type FieldDef } from '../leads/fields';
import { looksLikeStateCode, PROPERTY_STATE_FIELD } from '../leads/property-state';
import { isOfficerSlug } from '../officers/slug';

/**
 * What an application draft holds, shared by the browser (the draft kept as the visitor types),
 * the server (the saved draft, the /apply prefill) and the tests: the application's own fields and
 * the consent box, by name, each capped at its field's size. Nothing else a form posts (the
 * honeypot, the page, the fill time) is ever kept.
 */

export type DraftValues = Record<string, string>;

/** The application's two steps: 0 'Project Information', 1 'Borrower Application'. */
export type DraftStep = 0 | 1;

/** A saved draft lives this long after its last save; the retention job deletes it then. */
export const DRAFT_DAYS = 30;

/** The hidden field carrying a saved draft's token, so submitting the application deletes that draft. */
export const DRAFT_TOKEN_FIELD = 'draft_token';

/** The /apply query parameter of the e-mailed resume link. */
export const RESUME_PARAM = 'resume';

const FIELDS: FieldDef[] = [...APPLICATION_STEP1, ...APPLICATION_STEP2];
const BY_NAME = new Map(FIELDS.map((field) => [field.name, field]));

/**
 * The query parameters that make /apply a page of its own (app/(site)/apply/continue/, rewritten
 * in next.config.ts): a resume token or any application field a link may prefill.
 */
export const APPLY_LINK_PARAMS: readonly string[] = [RESUME_PARAM, HIDDEN.officer, ...FIELDS.map((field) => field.name)];

/**
 * Every name a draft may hold: the fields, the consent box and the officer profile the visitor
 * came from (issue 31), so a resumed application still goes to that officer.
 */
export const DRAFT_NAMES: readonly string[] = [...FIELDS.map((field) => field.name), HIDDEN.consent, HIDDEN.officer];

/** A value fit for its field, or null: an option among the field's, at most the field's size. */
function fitted(name: string, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (name === HIDDEN.consent) return value === 'yes' ? 'yes' : null;
  if (name === HIDDEN.officer) return isOfficerSlug(value) ? value : null;
  const field = BY_NAME.get(name);
  if (!field) return null;
  // The states are not in the field (lib/leads/property-state.ts): the form's own choices decide.
  if (name === PROPERTY_STATE_FIELD) return looksLikeStateCode(value) ? value : null;
  if (field.options) return field.options.some((option) => option.value === value) ? value : null;
  return value.slice(0, field.max);
}

/** The known, fitting values of untrusted input (a posted draft, a stored one, the browser's). */
export function cleanDraftValues(input: unknown): DraftValues {
  const values: DraftValues = {};
  if (typeof input !== 'object' || input === null) return values;
  for (const name of DRAFT_NAMES) {
    const value = fitted(name, (input as Record<string, unknown>)[name]);
    if (value !== null && value !== '') values[name] = value;
  }
  return values;
}

export function draftStep(value: unknown): DraftStep {
  return value === 1 || value === '1' ? 1 : 0;
}

/** A plain amount in a link: digits, optionally with cents (no signs, separators or exponents). */
const PLAIN_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * The application fields a link to /apply names (e.g. 'Apply with these numbers' on a calculator:
 * `/apply?loanAmount=360000&ownLand=yes`). Amounts must be plain digits, yes/no and select fields
 * one of their options; anything else, and any unknown name, is ignored rather than shown.
 */
export function prefillFromQuery(query: Record<string, string | string[] | undefined>): DraftValues {
  const values: DraftValues = {};
  // An officer profile's 'Apply with me' link (/apply?officer=<slug>): kept when it is a slug.
  const from = query[HIDDEN.officer];
  const officer = fitted(HIDDEN.officer, Array.isArray(from) ? from[0] : from);
  if (officer) values[HIDDEN.officer] = officer;
  for (const field of FIELDS) {
    const raw = query[field.name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === '') continue;
    if (field.input === 'amount' && !PLAIN_AMOUNT.test(value)) continue;
    const kept = fitted(field.name, value);
    if (kept) values[field.name] = kept;
  }
  return values;
}

/** Where the browser saves a draft (POST, urlencoded: the form's values, `step`, `draftEmail`, the previous token). */
export const DRAFT_SAVE_PATH = '/api/application-drafts';

/** The e-mail address field of 'Save and finish later', posted beside the form's values. */
export const DRAFT_EMAIL_FIELD = 'draftEmail';

/** A draft is small (the application's fields are capped): a larger body is not one (server/body-limits.ts). */
export const DRAFT_BODY_LIMIT = 64 * 1024;

/**
 * The answer to 'Save and finish later'. Saved (`ok`), the link e-mailed or, past a limit on
 * resume e-mails, not (`mailed: false`; `message` says why and what still opens the draft).
 */
export type SaveDraftAnswer =
  | { ok: true; email: string; token: string; expiresAt: string; mailed: boolean; message: string }
  | { ok: false; reason: 'invalid' | 'limited' | 'failed' | 'refused'; message: string };

/**
 * The application form posted without JavaScript by 'Email me the link' (lib/drafts/actions/save.ts):
 * the answer, what was typed (so the page comes back with the form as it was) and the token the
 * form keeps (the saved draft's, or the one it carried when nothing was saved).
 */
export type DraftFormResult = { answer: SaveDraftAnswer; values: DraftValues; email: string; token?: string } | null;
