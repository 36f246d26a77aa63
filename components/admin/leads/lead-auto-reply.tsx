import type { Lead } from '@/lib/leads/types';
import { formatTime, NOTIFICATION_LABELS } from './format';

/**
 * The lead dialog's line on the visitor's e-mail, its own delivery: the auto-reply
 * (lib/leads/alerts/auto-reply.server.ts), or for a calculator lead the estimate the visitor asked
 * for (lib/leads/alerts/estimate-email.server.ts).
 */
export function LeadAutoReply({ lead }: { lead: Lead }) {
  const reply = lead.autoReply;
  const estimate = lead.kind === 'calculator';
  return (
    <section aria-labelledby="lead-auto-reply">
      <h3 id="lead-auto-reply" className="text-brand-900 text-lg font-semibold">
        {estimate ? 'Estimate e-mailed to the visitor' : 'Auto-reply to the visitor'}
      </h3>
      <p className="text-slate-800" data-testid="auto-reply-state">
        {!reply
          ? estimate
            ? 'None (no mail transport, or suspected spam).'
            : 'None (switched off, no postal address in Site Content, no mail transport, or suspected spam).'
          : [
              `${NOTIFICATION_LABELS[reply.status]} to ${lead.email}`,
              reply.status !== 'sent' && reply.lastError ? `: ${reply.lastError}` : '',
              reply.sentAt ? ` (${formatTime(reply.sentAt)})` : '',
              reply.attempts > 0 ? ` · ${reply.attempts} attempt${reply.attempts === 1 ? '' : 's'}` : '',
            ].join('')}
      </p>
    </section>
  );
}
