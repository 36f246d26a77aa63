'use server';

import type { LeadResult } from '../fields';
import { submitLeadForm } from './submit-form.server';

/** The qualification form's Server Action: the form as posted without JavaScript (./submit-form.server.ts). */
export async function submitQualificationAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadForm('qualification', formData);
}
