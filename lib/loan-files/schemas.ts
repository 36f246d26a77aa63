import { z } from 'zod';
import { LoanFileError } from './errors';
import { isMilestone, type Milestone } from './milestones';

/**
 * The loan file's inputs, one schema each: the admin's forms and actions parse with them, and the
 * writes parse again (./items.server.ts, ./builder.server.ts), so input that skipped a form is
 * refused the same way and changes nothing.
 */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'That e-mail address is too long.' })
  .pipe(z.union([z.literal(''), z.email({ error: 'Enter a valid e-mail address, like name@example.com.' })]));

/** Empty means unknown: stored as null. */
const optional = (schema: z.ZodType<string>) => schema.transform((value) => (value === '' ? null : value));

export const builderSchema = z.object({
  name: optional(z.string().trim().max(200, { error: 'The name can be at most 200 characters long.' })),
  email: optional(email),
  license: optional(z.string().trim().max(100, { error: 'The license number can be at most 100 characters long.' })),
});
export type BuilderInput = z.input<typeof builderSchema>;

export const itemInputSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { error: 'Name the document.' })
    .max(200, { error: 'The name can be at most 200 characters long.' }),
  note: z.string().trim().max(1000, { error: 'The note can be at most 1,000 characters long.' }).default(''),
  owedBy: z.enum(['borrower', 'builder'], { error: 'Choose who provides it.' }),
});
export type ItemInput = z.input<typeof itemInputSchema>;

export const rejectReasonSchema = z
  .string()
  .trim()
  .min(1, { error: 'Say why, so they know what to send instead.' })
  .max(500, { error: 'The reason can be at most 500 characters long.' });

export const expiresOnSchema = z.iso.date({ error: 'Enter the expiry date as YYYY-MM-DD.' });

export const milestoneSchema = z.string().refine(isMilestone, { error: 'Choose a milestone.' }) as z.ZodType<Milestone>;

/** The value the schema makes of `input`, or a LoanFileError('invalid') with its first message. */
export function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new LoanFileError('invalid', result.error.issues[0]?.message ?? 'Invalid input.');
  return result.data;
}
