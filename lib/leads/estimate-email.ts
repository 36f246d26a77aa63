import type { SiteContent } from '../content/schema';
import type { NotificationMessage } from '../notifications/types';
import type { SigningOfficer } from '../officers/types';
import { signedBy } from './auto-reply';
import { CALCULATOR_LEAD_FIELDS as F, textLines } from './calculator-lead';

/**
 * The e-mail a visitor asked for with 'Email me this estimate' (issue 19): the inputs and results
 * of their estimate, a link back to it and one to apply with the same numbers, Regulation Z's
 * "an estimate, not an offer of credit", and the broker's sign-off (legal name, NMLS ID, postal
 * address when entered, phone and e-mail), after the lead's officer's name and NMLS ID when it
 * has one (issue 31). Unlike the auto-reply (./auto-reply.ts) it repeats amounts: they are what
 * the visitor asked to receive, typed into a calculator rather than an application, and it
 * carries nothing else they entered.
 */

export interface EstimateLead {
  name: string;
  email: string;
  fields: Record<string, string>;
  createdAt: string;
}

type Content = Pick<SiteContent, 'autoReply' | 'company' | 'contact'>;

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const block = (title: string, text: string | undefined) =>
  [title, ...textLines(text).map(({ label, value }) => `  ${label}: ${value}`)].join('\n');

export const ESTIMATE_DISCLAIMER =
  'This is an estimate, not an offer of credit or a commitment to lend. Rates, APR, payments and ' +
  'terms depend on your credit, the property and the loan program, and may change.';

export function estimateMessage(
  lead: EstimateLead,
  content: Content,
  links: { siteUrl: string; apply: string | null },
  /** The officer the lead is assigned to (routing by state): signs beside the company. */
  officer: SigningOfficer | null = null,
): NotificationMessage {
  const { company, contact, autoReply } = content;
  const title = lead.fields[F.title] || 'calculators';
  const link = lead.fields[F.link];
  const text = [
    lead.name ? `Hello ${lead.name},` : 'Hello,',
    `Here is the estimate you asked for on ${day.format(new Date(lead.createdAt))}, from our ${title}.`,
    block('Your numbers:', lead.fields[F.inputs]),
    block('Your estimate:', lead.fields[F.results]),
    ...(lead.fields[F.terms] ? [`Terms assumed: ${lead.fields[F.terms]}`] : []),
    ESTIMATE_DISCLAIMER,
    [
      ...(link ? [`See or change this estimate: ${links.siteUrl}${link}`] : []),
      ...(links.apply ? [`Apply with these numbers: ${links.siteUrl}${links.apply}`] : []),
      `Questions? Call ${contact.phone} or reply to this e-mail.`,
    ].join('\n'),
    [
      ...signedBy(officer, company),
      ...(autoReply.postalAddress.trim() ? [autoReply.postalAddress.trim()] : []),
      `${contact.phone} · ${contact.email}`,
    ].join('\n'),
    company.equalHousingStatement,
    'You received this one-time e-mail because this address was entered in "Email me this estimate" on our website. ' +
      'If that was not you, reply to let us know and we will not contact you.',
  ].join('\n\n');
  return {
    subject: `Your ${title} estimate from ${company.legalName}`,
    text: `${text}\n`,
    // The reply address: the visitor's answer reaches the broker's public mailbox.
    fromName: company.legalName,
    fromEmail: contact.email,
    to: lead.email,
  };
}
