/** How many rows a privacy request touches: what the confirmation names and the activity log records. */
export interface PersonCounts {
  leads: number;
  /** Loan files (lib/loan-files/), each with its needs list, milestones and portal sign-ins. */
  loanFiles: number;
  /** Documents uploaded to those files (lib/documents/). */
  documents: number;
  notifications: number;
  notificationAttempts: number;
  payments: number;
  paymentEvents: number;
  invites: number;
  /** Applications saved to finish later (lib/drafts/). */
  drafts: number;
  signInSteps: number;
  /** Consent given and withdrawn (lib/consent/): unsubscribes, text STOPs, the team's "Do not contact". */
  consentEvents: number;
  /** Other people's records that name the address: it is cut out of them, they stay. */
  mentions: number;
}

/** Rows a deletion removes (mentions are edited, not removed). */
export const deletedRows = ({ mentions: _mentions, ...deleted }: PersonCounts) =>
  Object.values(deleted).reduce((sum, n) => sum + n, 0);

/** Rows a request touches at all: zero means nothing is stored about the address. */
export const touchedRows = (counts: PersonCounts) => deletedRows(counts) + counts.mentions;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The confirmation's sentence: how many rows go, of which kinds, and what else changes. */
export function describeDeletion(email: string, counts: PersonCounts): string {
  const parts = [
    counts.leads && plural(counts.leads, 'lead', 'leads'),
    counts.loanFiles && plural(counts.loanFiles, 'loan file', 'loan files'),
    counts.documents && plural(counts.documents, 'uploaded document', 'uploaded documents'),
    counts.notifications && plural(counts.notifications, 'notification', 'notifications'),
    counts.notificationAttempts && plural(counts.notificationAttempts, 'delivery attempt', 'delivery attempts'),
    counts.payments && plural(counts.payments, 'payment', 'payments'),
    counts.paymentEvents && plural(counts.paymentEvents, 'payment event', 'payment events'),
    counts.invites && plural(counts.invites, 'invitation', 'invitations'),
    counts.drafts && plural(counts.drafts, 'saved application', 'saved applications'),
    counts.signInSteps && plural(counts.signInSteps, 'sign-in step', 'sign-in steps'),
    counts.consentEvents && plural(counts.consentEvents, 'consent record', 'consent records'),
  ].filter((part): part is string => Boolean(part));
  const total = deletedRows(counts);
  const kinds = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const deleted = total ? `${plural(total, 'row', 'rows')} holding ${email} will be deleted for good: ${kinds}.` : '';
  const others = counts.mentions
    ? ` The address will be removed from ${plural(counts.mentions, "another person's record that names it", "other people's records that name it")}.`
    : '';
  return `${deleted}${others} This cannot be undone.`.trim();
}
