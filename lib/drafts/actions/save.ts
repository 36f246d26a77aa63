'use server';

import type { DraftFormResult } from '../draft-values';
import { saveDraftForm } from '../save-form.server';

/** 'Email me the link' posted with the application form without JavaScript (./save-form.server.ts). */
export async function saveDraftFormAction(_previous: DraftFormResult, formData: FormData): Promise<DraftFormResult> {
  return saveDraftForm(formData);
}
