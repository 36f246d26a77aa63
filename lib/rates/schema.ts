import { z } from 'zod';
import { RATE_ICONS } from '../content/schema';

const field = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} is at most ${max} characters.` });

/** One rate as the admin edits it (spec section 3: all text). Shared by the form and the action. */
export const rateInputSchema = z.object({
  type: field('Type', 80),
  rate: field('Rate', 20),
  apr: field('APR', 20),
  term: field('Term', 60),
  notes: z.string().trim().max(500, { error: 'Notes are at most 500 characters.' }),
  icon: z.enum(RATE_ICONS, { error: 'Choose one of the listed icons.' }),
});

export type RateInput = z.infer<typeof rateInputSchema>;

/** What 'Add New Rate' creates (spec: 'a placeholder default entry'). */
export const PLACEHOLDER_RATE: RateInput = {
  type: 'New Rate',
  rate: '0.00%',
  apr: '0.00%',
  term: '12 months',
  notes: 'Describe this loan program.',
  icon: 'Building',
};
