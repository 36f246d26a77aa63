'use server';

import type { LeadResult } from '../fields';
import { submitLeadForm } from './submit-form.server';

/** The application form's Server Action: the form as posted without JavaScript (./submit-form.server.ts). */
export async function submitApplicationAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadForm('application', formData);
}
