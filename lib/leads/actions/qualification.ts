'use server';

import type { LeadResult } from '../fields';
import { submitLeadAction } from '../submit-action.server';

/** The qualification form's Server Action; the form posts here through useActionState, with or without JavaScript. */
export async function submitQualificationAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadAction('qualification', formData);
}
