import { z } from 'zod';
import { ID_PATTERN } from '../db/ids';
import { isStateCode, type StateCode } from '../licenses/us-states';
import { isOfficerSlug, SLUG_MAX } from './slug';

/**
 * A loan officer's profile as the owner (Security > Team) or the officer (My Account) enters it,
 * shared by the forms and the actions. The bounds match the columns of migration 0025 and keep
 * the public page readable. Every value is checked here; what is not a field of the form never
 * reaches the table.
 */

export const PROFILE_LIMITS = {
  displayName: 120,
  title: 120,
  phone: 40,
  bio: 2000,
  /** One language's name, typed under "Other languages". */
  language: 40,
  languages: 10,
} as const;

/** Offered as boxes to tick; any other is typed under "Other languages". */
export const COMMON_LANGUAGES = [
  'English',
  'Spanish',
  'Chinese',
  'Vietnamese',
  'Korean',
  'Tagalog',
  'Arabic',
  'French',
  'Portuguese',
  'Russian',
  'Hindi',
  'Polish',
] as const;

// One line of a public page: a pasted tab or line break has no place there.
const CONTROL = /[\u0000-\u001f\u007f]/;

const line = (label: string, max: number, { required = false } = {}) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine((v) => !required || v.length > 0, { error: `${label} is required.` })
    .refine((v) => v.length <= max, { error: `${label} is at most ${max} characters.` })
    .refine((v) => !CONTROL.test(v), { error: `${label} must be one line of text.` });

/** A form's repeated field (boxes ticked) as a list, whatever FormData made of it. */
const many = (value: unknown): unknown => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]);

/** NMLS unique identifiers are 1 to 12 digits; "NMLS #123456" is refused rather than guessed at. */
const nmlsId = z
  .string({ error: 'Enter the NMLS ID.' })
  .trim()
  .regex(/^\d{1,12}$/, { error: 'An NMLS ID is 1 to 12 digits, like 1234567.' });

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || isOfficerSlug(v), {
    error: `Use lower case letters, digits and single hyphens (at most ${SLUG_MAX}), like jane-doe, or leave it empty.`,
  });

// Lists are checked whole, so an error names the field (`states`), not one of its items.
const states = z.preprocess(
  many,
  z
    .array(z.string(), { error: 'Choose states from the list.' })
    .transform((codes) => codes.map((code) => code.trim().toUpperCase()))
    .refine((codes) => codes.length <= 60 && codes.every(isStateCode), { error: 'Choose states from the list.' })
    .transform((codes) => [...new Set(codes as StateCode[])].sort()),
);

const LANGUAGE = /^[\p{L}][\p{L}\p{M} ()'’-]*$/u;
const LANGUAGE_HINT = `Write each language in words (at most ${PROFILE_LIMITS.language} characters), separated by commas.`;

const languageNames = z
  .array(z.string(), { error: LANGUAGE_HINT })
  .transform((names) => names.map((name) => name.trim()).filter(Boolean))
  .refine((names) => names.every((name) => name.length <= PROFILE_LIMITS.language && LANGUAGE.test(name)), {
    error: LANGUAGE_HINT,
  });

/** The boxes ticked and the names typed (comma-separated). */
const languages = {
  languages: z.preprocess(many, languageNames),
  otherLanguages: z
    .string()
    .max(400, { error: LANGUAGE_HINT })
    .transform((v) => v.split(','))
    .pipe(languageNames)
    .prefault(''),
};

const PHONE = /^\+?[\d\s().-]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
const phone = line('Phone', PROFILE_LIMITS.phone).refine(
  (v) => {
    if (v === '') return true;
    const digits = v.replace(/(?:ext\.?|x)\s*\d+$/i, '').replace(/\D/g, '').length;
    return PHONE.test(v) && digits >= 7 && digits <= 15;
  },
  { error: 'Enter a phone number like 208-555-0142, or leave it empty.' },
);

/** Line breaks as typed on any system, stored one way: the page splits paragraphs on blank lines. */
const bio = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .refine((v) => v.length <= PROFILE_LIMITS.bio, {
    error: `The bio is at most ${PROFILE_LIMITS.bio.toLocaleString('en-US')} characters.`,
  });

/** A checkbox: 'on' when ticked, absent when not. */
const checkbox = z
  .unknown()
  .transform((v) => v === 'on' || v === 'true' || v === true)
  .prefault(undefined);

/** A media library image's id, or '' for none. */
const photoMediaId = z
  .string()
  .trim()
  .refine((v) => v === '' || ID_PATTERN.test(v), { error: 'Choose a photo from the uploads, or none.' })
  .transform((v) => (v === '' ? null : v))
  .prefault('');

/** The fields the officer may change on their own profile. */
const ownFields = {
  displayName: line('Name', PROFILE_LIMITS.displayName, { required: true }),
  slug: slug.prefault(''),
  title: line('Title', PROFILE_LIMITS.title).prefault(''),
  nmlsId,
  states,
  ...languages,
  phone: phone.prefault(''),
  bio: bio.prefault(''),
  published: checkbox,
};

/** The boxes ticked and the names typed become one list, each language once (any case). */
function withLanguages<T extends { languages: string[]; otherLanguages: string[] }>(
  { languages: ticked, otherLanguages, ...rest }: T,
  ctx: z.core.$RefinementCtx,
): Omit<T, 'languages' | 'otherLanguages'> & { languages: string[] } {
  const all: string[] = [];
  for (const name of [...ticked, ...otherLanguages])
    if (!all.some((kept) => kept.toLowerCase() === name.toLowerCase())) all.push(name);
  if (all.length > PROFILE_LIMITS.languages) {
    ctx.addIssue({ code: 'custom', path: ['otherLanguages'], message: `List at most ${PROFILE_LIMITS.languages} languages.` });
    return z.NEVER;
  }
  return { ...rest, languages: all };
}

/** What the officer may change on their own profile (My Account): not "away", not the photo. */
export const ownProfileSchema = z.object(ownFields).transform(withLanguages);

export type OwnProfileInput = z.output<typeof ownProfileSchema>;

/** What the owner sets on anyone's profile (Security > Team): all of it, the photo and "away" too. */
export const profileSchema = z
  .object({ ...ownFields, accountId: z.string().trim().min(1).max(32), photoMediaId, away: checkbox })
  .transform(withLanguages);

export type ProfileInput = z.output<typeof profileSchema>;

export const profileAccountSchema = z.object({ accountId: z.string().trim().min(1).max(32) });
