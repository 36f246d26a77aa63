import { LEAD_TYPES, type LeadKind } from './fields';
import { KIND_LABELS } from './statuses';
import { formatUsd } from './summary';

/**
 * What a lead's push alert says, short enough for a lock screen: the kind in the title, then the
 * name and the loan amount when the form asks for one. No other field: a lock screen is seen by
 * whoever is near the phone.
 */

/** The form field holding each kind's amount (the application's desired loan, the quick form's project cost). */
const AMOUNT_FIELD: Partial<Record<LeadKind, string>> = {
  application: 'loanAmount',
  qualification: 'estimatedCost',
};

export interface LeadAlertText {
  title: string;
  body: string;
}

export function leadAlertText(lead: { kind: string; name: string; fields: Record<string, string> }): LeadAlertText {
  const kind = lead.kind as LeadKind;
  const label = KIND_LABELS[kind]?.label ?? LEAD_TYPES[kind] ?? lead.kind;
  const field = AMOUNT_FIELD[kind];
  const amount = field && lead.fields[field]?.trim() ? formatUsd(lead.fields[field]) : null;
  const name = lead.name.trim() || 'No name given';
  return { title: `New lead: ${label}`, body: amount ? `${name} · ${amount}` : name };
}

/** The admin address that opens a lead's dialog. */
export const leadAdminPath = (id: string) => `/admin/leads?lead=${encodeURIComponent(id)}`;
