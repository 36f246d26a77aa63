import { z } from 'zod';
import { isStateCode, type StateCode } from './us-states';

/**
 * One state license as the owner records it (issue 31, point 3). Shared by the admin's form and
 * the actions. The bounds match the table's columns (migration 0022) and keep the public table
 * readable; the notice is long because some states prescribe several paragraphs.
 */

export const LICENSE_LIMITS = { type: 100, number: 60, regulatorName: 200, regulatorUrl: 300, notice: 4000 } as const;

/** Offered in the form's type field (a datalist): the owner may write any other. */
export const COMMON_LICENSE_TYPES = [
  'Mortgage Broker License',
  'Mortgage Banker License',
  'Mortgage Lender License',
  'Mortgage Broker/Lender License',
  'Residential Mortgage Loan Company License',
  'Exempt registration',
] as const;

// A line of the public table: control characters (a pasted tab or line break) have no place there.
const CONTROL = /[\u0000-\u001f\u007f]/;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} is at most ${max} characters.` })
    .refine((v) => !CONTROL.test(v), { error: `${label} must be one line of text.` });

const REGULATOR_URL_HINT = 'Enter the regulator’s https:// address, like https://www.sml.texas.gov/, or leave it empty.';

/** The regulator's site: https only (the page links to it), no user name or password; '' for none. */
const regulatorUrl = z
  .string()
  .trim()
  .max(LICENSE_LIMITS.regulatorUrl, { error: `The address is at most ${LICENSE_LIMITS.regulatorUrl} characters.` })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: REGULATOR_URL_HINT },
  )
  .transform((value) => (value === '' ? null : new URL(value).href));

/** Line breaks as typed on any system, stored one way: the page splits paragraphs on blank lines. */
const notice = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .refine((v) => v.length <= LICENSE_LIMITS.notice, {
    error: `The notice is at most ${LICENSE_LIMITS.notice.toLocaleString('en-US')} characters.`,
  });

export const licenseInputSchema = z.object({
  state: z
    .string({ error: 'Choose the state that issued the license.' })
    .trim()
    .toUpperCase()
    .refine(isStateCode, { error: 'Choose the state that issued the license.' })
    .transform((v) => v as StateCode),
  type: line('License type', LICENSE_LIMITS.type),
  number: line('License number', LICENSE_LIMITS.number),
  regulatorName: line('Regulator', LICENSE_LIMITS.regulatorName),
  // Parsed even when absent (prefault, not default), so a missing field means '' and no URL.
  regulatorUrl: regulatorUrl.prefault(''),
  notice: notice.prefault(''),
});

export type LicenseInput = z.output<typeof licenseInputSchema>;

const id = z.string().trim().min(1).max(64);
export const licenseIdSchema = z.object({ id });
export const licenseUpdateSchema = licenseInputSchema.safeExtend({ id });
