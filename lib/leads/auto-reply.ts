import type { SiteContent } from '../content/schema';
import type { NotificationMessage } from '../notifications/types';
import { officerSignature } from '../officers/signature';
import type { SigningOfficer } from '../officers/types';
import { PROJECT_TYPE_OPTIONS, type LeadKind } from './fields';

/**
 * The visitor's auto-reply (issue 18), from the owner's texts (content group `autoReply`): it
 * confirms what they sent and the next step, signed with the company's legal name, NMLS ID and
 * postal address (CAN-SPAM), and first by the lead's officer with their NMLS ID when it has one
 * (issue 31). An e-mail can be read by anyone who sees the inbox and travels unencrypted between
 * servers, so it repeats only who they are and how to reach them: never an amount, income, date
 * of birth, SSN or a free-text message, whatever the form held.
 */

export interface AutoReplyLead {
  kind: LeadKind;
  type: string;
  name: string;
  email: string;
  phone: string;
  fields: Record<string, string>;
  createdAt: string;
}

type Content = Pick<SiteContent, 'autoReply' | 'company' | 'contact'>;

/** Whether the owner's settings allow an auto-reply at all (on, and a postal address entered). */
export const autoReplyReady = (content: Content): boolean =>
  content.autoReply.enabled && content.autoReply.postalAddress.trim() !== '';

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** What the form held that is safe to repeat, besides name, e-mail and phone. */
function extraRows(lead: AutoReplyLead): string[] {
  if (lead.kind === 'qualification' && lead.fields.projectType) {
    const label = PROJECT_TYPE_OPTIONS.find((o) => o.value === lead.fields.projectType)?.label ?? lead.fields.projectType;
    return [`Project type: ${label}`];
  }
  if (lead.kind === 'contact') return ['Your message: received'];
  return [];
}

/**
 * Who signs: the lead's officer when it has one (Reg Z 1026.36(g): their name and NMLS ID, then
 * the company's), else the company alone.
 */
export function signedBy(officer: SigningOfficer | null, company: Content['company']): string[] {
  return officer ? officerSignature(officer, company) : [company.legalName, `NMLS ID ${company.nmlsId}`];
}

/** The auto-reply; `officer`: the officer the lead is assigned to, who signs it beside the company. */
export function autoReplyMessage(
  lead: AutoReplyLead,
  content: Content,
  officer: SigningOfficer | null = null,
): NotificationMessage {
  const { autoReply, company, contact } = content;
  const sent = [
    `Form: ${lead.type}`,
    `Name: ${lead.name || '—'}`,
    `E-mail: ${lead.email}`,
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...extraRows(lead),
  ];
  const text = [
    lead.name ? `Hello ${lead.name},` : 'Hello,',
    ...autoReply.paragraphs,
    [`What you sent us on ${day.format(new Date(lead.createdAt))}:`, ...sent.map((row) => `  ${row}`)].join('\n'),
    'For your security we never repeat loan amounts, income or other financial details by e-mail.',
    `Next step: ${autoReply.nextStep}`,
    [...signedBy(officer, company), autoReply.postalAddress.trim(), `${contact.phone} · ${contact.email}`].join('\n'),
    'You received this one-time confirmation because this e-mail address was entered in a form on our website. ' +
      'If that was not you, reply to let us know and we will not contact you.',
  ].join('\n\n');
  return {
    subject: autoReply.subject,
    text: `${text}\n`,
    // The reply address: the visitor's answer reaches the broker's public mailbox.
    fromName: company.legalName,
    fromEmail: contact.email,
    to: lead.email,
  };
}
