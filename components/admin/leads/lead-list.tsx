'use client';

import type { LeadFilter } from '@/lib/leads/admin/filter';
import type { LeadListItem } from '@/lib/leads/admin/types';
import { KIND_LABELS, statusLabel } from '@/lib/leads/statuses';
import { FollowUpBadge } from './follow-up-badge';
import { spamReasonSentence } from '@/lib/leads/spam-words';
import { formatTime, NOTIFICATION_CLASS, NOTIFICATION_LABELS } from './format';
import { OutsideLicensesBadge } from './outside-licenses-badge';
import { PossibleBotBadge } from './possible-bot-badge';

/** The filters besides the kind: with any of them set, an empty list means "no match". */
const NARROWING = ['q', 'status', 'from', 'to', 'due', 'assignee', 'bot', 'licenses'] as const;

/** One page of leads, newest first; a lead's name opens it. Empty lists say what is missing. */
export function LeadList({
  leads,
  filter,
  today,
  onOpen,
}: {
  leads: LeadListItem[];
  filter: LeadFilter;
  /** Today's UTC day, for due and overdue follow-ups. */
  today: string;
  onOpen: (id: string) => void;
}) {
  if (leads.length === 0) {
    const onlyKind = !NARROWING.some((key) => filter[key]);
    return (
      <div className="space-y-1 rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
        {!onlyKind ? (
          <p>No leads match these filters.</p>
        ) : filter.kind ? (
          <p>{KIND_LABELS[filter.kind].empty}</p>
        ) : (
          Object.values(KIND_LABELS).map((k) => <p key={k.empty}>{k.empty}</p>)
        )}
      </div>
    );
  }
  return (
    <ol className="space-y-2" aria-label="Leads, newest first">
      {leads.map((lead) => (
        <li
          key={lead.id}
          data-testid="lead-row"
          className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-center"
        >
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => onOpen(lead.id)}
              className="text-brand-800 text-left font-semibold break-words underline-offset-2 hover:underline"
            >
              {lead.name || lead.email || 'Unnamed lead'}
            </button>
            <p className="text-sm break-words text-slate-700">{[lead.email, lead.phone].filter(Boolean).join(' · ')}</p>
            <p className="text-sm text-slate-700">
              {KIND_LABELS[lead.kind].label} · {formatTime(lead.createdAt)}
            </p>
            {lead.isSpam && (
              <p className="text-sm text-slate-800" data-testid="spam-reason">
                Why it is here: {spamReasonSentence(lead.spamReason)}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-900">{statusLabel(lead.status)}</span>
            {lead.possibleBot && <PossibleBotBadge signals={lead.botSignals} />}
            {lead.outsideLicenses && <OutsideLicensesBadge state={lead.propertyState} />}
            <FollowUpBadge on={lead.followUpOn} status={lead.status} today={today} />
            {lead.notification && (
              <span className={`rounded-full px-2 py-0.5 font-medium ${NOTIFICATION_CLASS[lead.notification.status]}`}>
                E-mail: {NOTIFICATION_LABELS[lead.notification.status]}
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
