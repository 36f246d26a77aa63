'use server';

import type { LeadResult } from '../fields';
import { submitLeadForm } from './submit-form.server';

/** The contact form's Server Action: the form as posted without JavaScript (./submit-form.server.ts). */
export async function submitContactAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadForm('contact', formData);
}
