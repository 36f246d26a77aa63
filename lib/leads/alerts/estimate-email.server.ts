import 'server-only';
import { defaultContent } from '../../content/defaults';
import type { NewNotification } from '../../notifications/outbox.server';
import type { ArrivalAlertSource } from './source';
import { applyLink } from '../../calculators/apply-link';
import { isCalculatorId } from '../../calculators/registry';
import { CALCULATOR_LEAD_FIELDS } from '../calculator-lead';
import { estimateMessage } from '../estimate-email';
import { contentOf, looksLikeAddress, signingOfficers } from './auto-reply.server';

/**
 * The estimate a visitor asked for with 'Email me this estimate', as an arrival alert
 * (../arrival-alerts.server.ts): one e-mail to the address they entered (recipient 'visitor')
 * through the outbox, in place of the auto-reply. Asked for, so sent whether or not the owner
 * turned the auto-reply on. None when no mail transport is configured, and none for suspected
 * spam even later marked 'Not spam' (a bot fills in someone else's address).
 */
/** 'Apply with these numbers' for the stored estimate: the inputs are the query of its link. */
function applyLinkOf(fields: Record<string, string>): string | null {
  const id = fields.calculator;
  const link = fields[CALCULATOR_LEAD_FIELDS.link] ?? '';
  if (!isCalculatorId(id) || !link.includes('?')) return null;
  return applyLink(id, Object.fromEntries(new URLSearchParams(link.slice(link.indexOf('?') + 1))));
}

export function visitorEstimate(mailConfigured: () => boolean, siteUrl: () => string): ArrivalAlertSource {
  return async (trx, leads) => {
    if (!mailConfigured()) return [];
    const to = leads.filter(({ row }) => row.kind === 'calculator' && row.is_spam === 0 && looksLikeAddress(row.email));
    if (to.length === 0) return [];
    const content = (await contentOf(trx)) ?? defaultContent;
    const officers = await signingOfficers(trx, to);
    return to.map(({ row, at }): NewNotification => {
      const fields = JSON.parse(row.fields) as Record<string, string>;
      return {
        subject: { type: 'lead', id: row.id },
        channel: 'email',
        recipient: 'visitor',
        payload: estimateMessage(
          { name: row.name, email: row.email, fields, createdAt: row.created_at },
          content,
          { siteUrl: siteUrl(), apply: applyLinkOf(fields) },
          officers.get(row.assignee_id ?? '') ?? null,
        ),
        at,
      };
    });
  };
}
