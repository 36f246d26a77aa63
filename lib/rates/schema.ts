import { z } from 'zod';
import { formatPercent, parsePercent } from './percent';

/** The icons a rate card can show (components/site/icons.tsx draws them). */
export const RATE_ICONS = ['Building', 'TrendingUp', 'Banknote', 'Percent'] as const;
export type RateIcon = (typeof RATE_ICONS)[number];

/** Whether a rate can change after consummation (Regulation Z, 12 CFR 1026.24(c)). */
export const RATE_KINDS = ['fixed', 'adjustable'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** The highest rate or APR the admin accepts: anything above is a typing mistake, not a loan. */
export const MAX_PERCENT = 30;

const field = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} is at most ${max} characters.` });

/** A rate or APR: a percentage from 0 to 30, stored in one format ('7' is saved as '7.00%'). */
const percent = (label: string, required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => parsePercent(v) !== null, { error: `${label} must be a percentage, such as 6.75%.`, abort: true })
    .refine((v) => parsePercent(v)! >= 0 && parsePercent(v)! <= MAX_PERCENT, {
      error: `${label} must be between 0% and ${MAX_PERCENT}%.`,
    })
    .transform((v) => formatPercent(parsePercent(v)!));

/**
 * One rate as the admin edits it. Shared by the form and the action. The rate and APR are
 * checked as Regulation Z advertising needs them: no rate without its APR, and an APR below the
 * interest rate is impossible (the APR adds the finance charges to the interest).
 */
export const rateInputSchema = z
  .object({
    type: field('Type', 80),
    rate: percent('Rate', 'Rate is required.'),
    apr: percent('APR', 'APR is required: a rate is never shown without its APR.'),
    rateKind: z.enum(RATE_KINDS, { error: 'Choose fixed or adjustable.' }),
    term: field('Term', 60),
    notes: z.string().trim().max(500, { error: 'Notes are at most 500 characters.' }),
    icon: z.enum(RATE_ICONS, { error: 'Choose one of the listed icons.' }),
  })
  .refine((r) => (parsePercent(r.apr) ?? 0) >= (parsePercent(r.rate) ?? 0), {
    path: ['apr'],
    error: (issue) =>
      `The APR cannot be lower than the interest rate (${(issue.input as { rate: string }).rate}): it adds the loan's fees to the interest.`,
  });

export type RateInput = z.infer<typeof rateInputSchema>;

/** What 'Add New Rate' creates (spec: 'a placeholder default entry'). */
export const PLACEHOLDER_RATE: RateInput = {
  type: 'New Rate',
  rate: '0.00%',
  apr: '0.00%',
  rateKind: 'fixed',
  term: '12 months',
  notes: 'Describe this loan program.',
  icon: 'Building',
};
