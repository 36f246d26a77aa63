'use server';

import type { LeadResult } from '../fields';
import { submitLeadAction } from '../submit-action.server';

/** The contact form's Server Action; the form posts here through useActionState, with or without JavaScript. */
export async function submitContactAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadAction('contact', formData);
}
