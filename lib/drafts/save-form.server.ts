import 'server-only';
import { headers } from 'next/headers';
import { clientAddress } from '../http/client-address';
import { formValues } from '../leads/schemas';
import { APPLICATION_STEP2 } from '../leads/application-fields';
import {
  cleanDraftValues,
  DRAFT_EMAIL_FIELD,
  DRAFT_TOKEN_FIELD,
  type DraftFormResult,
  type DraftStep,
  type DraftValues,
} from './draft-values';
import { serverSaveDeps } from './save-deps.server';
import { saveDraftPost } from './save-request.server';

/**
 * 'Email me the link' without JavaScript: the application form, posted whole to its page by the
 * browser, saved as a draft like the panel's script saves it (./save-request.server.ts: the same
 * checks and limits). Next has checked the post's Origin and the server bounded its body. The
 * page then comes back with the form as it was, the answer beside the button, and the draft's
 * token in the form, so saving again replaces the draft and submitting deletes it.
 */
/** How far a form showing every field has got: step 2 once any of its fields holds a value (as the page's script counts). */
function stepOfValues(values: DraftValues): DraftStep {
  return APPLICATION_STEP2.some((field) => (values[field.name] ?? '') !== '') ? 1 : 0;
}

export async function saveDraftForm(formData: unknown): Promise<DraftFormResult> {
  if (!(formData instanceof FormData)) {
    return { answer: { ok: false, reason: 'invalid', message: 'The form could not be read.' }, values: {}, email: '' };
  }
  const posted = formValues(formData);
  const values = cleanDraftValues(posted);
  const step = String(stepOfValues(values));
  const h = await headers();
  const { body } = await saveDraftPost({ ...posted, step }, serverSaveDeps(clientAddress(h)));
  return {
    answer: body,
    values,
    email: String(posted[DRAFT_EMAIL_FIELD] ?? '').slice(0, 254),
    token: body.ok ? body.token : posted[DRAFT_TOKEN_FIELD]?.slice(0, 100) || undefined,
  };
}
