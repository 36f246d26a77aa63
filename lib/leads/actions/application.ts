'use server';

import type { LeadResult } from '../fields';
import { submitLeadAction } from '../submit-action.server';

/** The application form's Server Action; the form posts here through useActionState, with or without JavaScript. */
export async function submitApplicationAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadAction('application', formData);
}
