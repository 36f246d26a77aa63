import { z } from 'zod';
import { CONSENT_CHANNELS, CONSENT_EVENTS } from './types';

/** The lead dialog's consent form ("Do not contact", or consent given again), for the form and its action. */
export const leadConsentSchema = z.object({
  leadId: z.string().min(1).max(64),
  channel: z.enum(CONSENT_CHANNELS, { error: 'Choose e-mail, texts, or all.' }),
  event: z.enum(CONSENT_EVENTS, { error: 'Choose what to record.' }),
  note: z.string().trim().max(500, { error: 'The note is at most 500 characters.' }).optional(),
});

export type LeadConsentInput = z.input<typeof leadConsentSchema>;
