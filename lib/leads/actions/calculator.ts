'use server';

import type { LeadResult } from '../fields';
import { submitLeadForm } from './submit-form.server';

/** 'Email me this estimate' as posted without JavaScript (./submit-form.server.ts). */
export async function submitCalculatorAction(_previous: LeadResult, formData: FormData): Promise<LeadResult> {
  return submitLeadForm('calculator', formData);
}
