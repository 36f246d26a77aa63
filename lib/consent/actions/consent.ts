'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { leadConsentHistory, recordLeadConsent } from '../lead-consent.server';
import { leadConsentSchema } from '../schema';
import { CHANNEL_LABELS } from '../types';

/**
 * The lead dialog's consent section (issue 31, point 4): its history, and the team's record of a
 * "Do not contact" (a call, a letter, a reply by e-mail) or of consent given again. Anyone who
 * works leads may record it; the record and its activity log entry commit together, and the
 * outbox honours it from its next message (lib/notifications/consent-gate.server.ts).
 */

const GONE = fail('❌ Lead Not Found', 'This lead was deleted elsewhere.');

export const leadConsentAction = adminAction(
  z.object({ id: z.string().min(1).max(64) }),
  async ({ id }, { db }) => {
    const history = await leadConsentHistory(db, id);
    return history ? succeed({ title: 'Consent', data: history }) : GONE;
  },
  { permission: 'leads' },
);

const MISSING = {
  'no-email': 'This lead has no e-mail address to record it for.',
  'no-phone': 'This lead has no phone number that can receive texts.',
  'no-address': 'This lead has no e-mail address or phone number to record it for.',
} as const;

const STOPPED = {
  email: 'No more e-mail goes to this lead, queued messages included.',
  sms: 'No more texts go to this lead’s phone, queued ones included.',
  all: 'No more e-mail or texts go to this lead, queued ones included. Do not call them either.',
} as const;

export const recordLeadConsentAction = adminAction(
  leadConsentSchema,
  async ({ leadId, channel, event, note }, { db, account, log }) => {
    const result = await db.transaction().execute(async (trx) => {
      const recorded = await recordLeadConsent(trx, {
        leadId,
        channel,
        event,
        note: note || null,
        actor: account.email ?? account.id,
      });
      if (recorded.ok)
        await log(
          { action: event === 'withdrawn' ? 'lead_do_not_contact' : 'lead_consent_given', target: leadId, detail: { channel } },
          trx,
        );
      return recorded;
    });
    if (!result.ok) return result.reason === 'gone' ? GONE : fail('❌ Not Recorded', MISSING[result.reason]);
    const history = await leadConsentHistory(db, leadId);
    if (!history) return GONE;
    return succeed({
      title: event === 'withdrawn' ? '✅ Do Not Contact Recorded' : '✅ Consent Recorded',
      message: event === 'withdrawn' ? STOPPED[channel] : `${CHANNEL_LABELS[channel]}: this lead may be contacted again.`,
      data: history,
    });
  },
  {
    permission: 'leads',
    invalid: (fieldErrors) =>
      fail('❌ Not Recorded', fieldErrors.note ?? fieldErrors.channel ?? 'The request was not understood.', fieldErrors),
  },
);
