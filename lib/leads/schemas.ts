import { z } from 'zod';
import { ALL_REQUIRED, FIELDS } from './all-fields';
import { isOfficerSlug } from '../officers/slug';
import { HIDDEN, type FieldDef, type LeadKind } from './fields';
import { PROPERTY_STATE_FIELD } from './property-state';
import { STATE_OPTIONS } from './property-state-options';

/**
 * The zod schemas of the lead forms, built from the field definitions the forms render, so
 * the browser's required-field check and the server's validation cannot drift apart. The server
 * validates every submission with these; a bad input is answered with per-field messages and
 * nothing is stored.
 */

export const REQUIRED_MESSAGE = 'This field is required.';
const tooLong = (max: number) => `This is too long: at most ${max} characters.`;

/** Amounts are entered as numbers (spec section 3); '$' and thousands separators are tolerated. */
export function parseAmount(value: string): number | null {
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

function fieldSchema(field: FieldDef, required: boolean): z.ZodType<string> {
  let schema = z
    .string()
    .trim()
    .max(field.max, { error: tooLong(field.max) });
  if (required) schema = schema.min(1, { error: REQUIRED_MESSAGE });
  // The field carries its blank choice only (./property-state.ts): the states are checked here.
  const options = field.name === PROPERTY_STATE_FIELD ? STATE_OPTIONS : field.options;
  if (options) {
    const allowed = options.map((o) => o.value);
    const empty = field.initial === '' ? [''] : [];
    return schema.refine((v) => [...allowed, ...empty].includes(v), { error: 'Choose one of the options.' });
  }
  if (field.input === 'amount') {
    return schema.refine((v) => !Number.isNaN(parseAmount(v)), { error: 'Enter an amount in dollars, e.g. 250000.' });
  }
  // Spec section 5: e-mail and phone use their input types, with no further format check;
  // an address without '@' cannot be answered, so that much is checked.
  if (field.input === 'email') return schema.refine((v) => v === '' || v.includes('@'), { error: 'Enter an e-mail address.' });
  return schema;
}

function formSchema(kind: LeadKind) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of FIELDS[kind]) shape[field.name] = fieldSchema(field, ALL_REQUIRED[kind].includes(field.name));
  return z.object(shape);
}

export const leadSchemas: Record<LeadKind, z.ZodObject<Record<string, z.ZodType<string>>>> = {
  application: formSchema('application'),
  contact: formSchema('contact'),
  qualification: formSchema('qualification'),
  ebook: formSchema('ebook'),
  calculator: formSchema('calculator'),
};

/** The hidden fields: page path, consent, honeypot and the measured fill time. */
export const submissionMetaSchema = z.object({
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/)
    .catch('/'),
  consent: z.enum(['yes', '']).catch(''),
  honeypot: z.string().max(2000, { error: tooLong(2000) }),
  fillMs: z
    .string()
    .max(20)
    .transform((v) => (/^\d+$/.test(v) ? Number(v) : null)),
  /** '1' or '0' from the form's script: whether a field had focus before the press; null without it. */
  focused: z.string().transform((v) => (v === '1' ? true : v === '0' ? false : null)),
  /** An officer profile's slug (issue 31); anything else is dropped, never refused: the lead still arrives. */
  officer: z.string().refine(isOfficerSlug).optional().catch(undefined),
});

export type LeadFields = Record<string, string>;

export type ParsedSubmission =
  | {
      ok: true;
      fields: LeadFields;
      meta: z.output<typeof submissionMetaSchema>;
    }
  | { ok: false; fieldErrors: Record<string, string> };

/** Every value a form posted, as strings; files and repeated names are not part of any lead form. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) {
    if (key.startsWith('$ACTION')) continue;
    values[key] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** Validates one submission of a lead form: its own fields and the hidden ones. */
export function parseSubmission(kind: LeadKind, values: Record<string, string>): ParsedSubmission {
  // An option left unset (a request that skipped it) takes the form's default.
  const fields = leadSchemas[kind].safeParse(
    Object.fromEntries(FIELDS[kind].map((f) => [f.name, values[f.name] || (f.options ? (f.initial ?? '') : '')])),
  );
  const meta = submissionMetaSchema.safeParse({
    page: values[HIDDEN.page] ?? '/',
    consent: values[HIDDEN.consent] ?? '',
    honeypot: values[HIDDEN.honeypot] ?? '',
    fillMs: values[HIDDEN.fillMs] ?? '',
    focused: values[HIDDEN.focused] ?? '',
    officer: values[HIDDEN.officer] || undefined,
  });
  if (fields.success && meta.success) return { ok: true, fields: fields.data, meta: meta.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of [...(fields.error?.issues ?? []), ...(meta.error?.issues ?? [])]) {
    const name = String(issue.path[0] ?? 'form');
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}
