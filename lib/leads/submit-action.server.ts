import 'server-only';
import { headers } from 'next/headers';
import { env } from '../env.server';
import { clientAddress } from '../http/client-address';
import type { LeadKind, LeadResult } from './fields';
import { formValues } from './schemas';
import { submitFromServer } from './submit-from-server.server';

/**
 * What every lead form's Server Action does (the actions live one per file in ./actions/, so a
 * form's bundle carries only its own action's reference). Next checks their Origin. Browsers
 * with JavaScript post to the lead endpoint instead (./lead-post.server.ts); the actions answer
 * the forms posted without it.
 */

export async function submitLeadAction(kind: LeadKind, formData: unknown): Promise<LeadResult> {
  if (!(formData instanceof FormData)) {
    return { ok: false, reason: 'invalid', title: 'Invalid Request', message: 'The form could not be read.', fieldErrors: {} };
  }
  const h = await headers();
  return submitFromServer(kind, formValues(formData), {
    clientAddress: clientAddress(h),
    userAgent: h.get('user-agent') ?? '',
  });
}
