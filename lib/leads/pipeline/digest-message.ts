import type { NotificationMessage } from '../../notifications/types';
import { KIND_LABELS, statusLabel } from '../statuses';
import type { LeadKind } from '../fields';

/**
 * The daily digest e-mail: an account's overdue follow-ups, oldest first, each with its kind,
 * status and date, and a link to the Leads page filtered to them. Names only, never a lead's
 * figures (an e-mail may be read anywhere).
 */

export interface OverdueFollowUp {
  id: string;
  name: string;
  kind: LeadKind;
  status: string;
  followUpOn: string;
  /** Unassigned (listed in the owner's digest). */
  unassigned: boolean;
}

/** At most this many are listed; the link shows them all. */
export const DIGEST_LIST_LIMIT = 50;

export function digestMessage(input: {
  day: string;
  leads: OverdueFollowUp[];
  total: number;
  /** The Leads page filtered to these follow-ups. */
  link: string;
  /** The account's address; undefined: the broker's mailbox (MAIL_TO), the owner's. */
  to: string | undefined;
}): NotificationMessage {
  const { leads, total } = input;
  const lines = leads.map(
    (lead) =>
      `- ${lead.name || 'Unnamed lead'} (${KIND_LABELS[lead.kind]?.label ?? lead.kind}, ${statusLabel(lead.status)}): follow-up was due ${lead.followUpOn}${lead.unassigned ? ', unassigned' : ''}`,
  );
  if (total > leads.length) lines.push(`- and ${total - leads.length} more`);
  return {
    subject: `${total} overdue follow-up${total === 1 ? '' : 's'} (${input.day})`,
    text: [
      `You have ${total} lead${total === 1 ? '' : 's'} whose follow-up date has passed:`,
      '',
      ...lines,
      '',
      'Open them in the admin:',
      input.link,
      '',
      'You get this e-mail on days with overdue follow-ups. Turn it off in the admin under My Account (the owner: Security).',
    ].join('\n'),
    fromName: '',
    fromEmail: '',
    ...(input.to ? { to: input.to } : {}),
  };
}
