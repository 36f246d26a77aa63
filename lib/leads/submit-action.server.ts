import 'server-only';
import { headers } from 'next/headers';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { clientAddress } from '../http/client-address';
import { logger } from '../log.server';
import { wakeOutbox } from '../notifications/process-worker.server';
import type { LeadKind, LeadResult } from './fields';
import { formValues } from './schemas';
import { submitLead } from './submit.server';

/**
 * What every lead form's Server Action does (the actions live one per file in ./actions/, so a
 * form's bundle carries only its own action's reference). Next checks their Origin.
 */

export async function submitLeadAction(kind: LeadKind, formData: unknown): Promise<LeadResult> {
  if (!(formData instanceof FormData)) {
    return { ok: false, reason: 'invalid', title: 'Invalid Request', message: 'The form could not be read.', fieldErrors: {} };
  }
  const h = await headers();
  const result = await submitLead(kind, formValues(formData), {
    db: getDb,
    clientAddress: clientAddress(h, env.TRUST_PROXY),
    userAgent: h.get('user-agent') ?? '',
    spam: {
      minFillSeconds: env.SPAM_MIN_FILL_SECONDS,
      rateLimit: env.LEAD_RATE_LIMIT,
      windowMinutes: env.LEAD_RATE_WINDOW_MINUTES,
    },
    log: logger,
  });
  if (result?.ok) wakeOutbox();
  return result;
}
