import { z } from 'zod';
import { MAX_LEAD_MONTHS, MIN_LEAD_MONTHS } from './policy';

/** The retention settings form's schema, shared by the form and its action. */

const monthsError = `Enter a whole number of months from ${MIN_LEAD_MONTHS} to ${MAX_LEAD_MONTHS}.`;

export const retentionSettingsSchema = z.object({
  leadMonths: z.coerce
    .number({ error: monthsError })
    .int({ error: monthsError })
    .min(MIN_LEAD_MONTHS, { error: monthsError })
    .max(MAX_LEAD_MONTHS, { error: monthsError }),
});

export type RetentionSettings = z.output<typeof retentionSettingsSchema>;
