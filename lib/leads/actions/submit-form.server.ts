import 'server-only';
import { headers } from 'next/headers';
import { attributionOfCookies } from '../../attribution/visit';
import { clientAddress } from '../../http/client-address';
import type { LeadKind, LeadResult } from '../fields';
import { formValues } from '../schemas';
import { submitLead } from '../submit.server';

/**
 * What each form's Server Action (one per file beside this one, so a form's bundle carries only
 * its own action's reference) does with a form posted without JavaScript: its values and its
 * sender, read from the request, go to submitLead. Next has checked the post's Origin. Browsers
 * with JavaScript post to the lead endpoint instead (server/lead-endpoint.ts).
 */
export async function submitLeadForm(kind: LeadKind, formData: unknown): Promise<LeadResult> {
  if (!(formData instanceof FormData)) {
    return { ok: false, reason: 'invalid', title: 'Invalid Request', message: 'The form could not be read.', fieldErrors: {} };
  }
  const h = await headers();
  return submitLead(kind, formValues(formData), {
    clientAddress: clientAddress(h),
    userAgent: h.get('user-agent') ?? '',
    via: 'form',
    fetchMode: h.get('sec-fetch-mode'),
    attribution: attributionOfCookies(h.get('cookie') ?? undefined),
  });
}
