import { BUILDER_STATUS_OPTIONS, LOAN_TYPE_OPTIONS } from '../leads/application-fields';
import { PROJECT_TYPE_OPTIONS, type LeadKind } from '../leads/fields';
import { parseAmount } from '../leads/schemas';
import type { LeadConsent } from '../leads/types';

/**
 * The e-mail each lead sends the broker. The application's text is the spec's plain-text summary
 * of every field (section 7): amounts in en-US dollars without decimals, '$0' when empty, and
 * 'N/A' for empty prepaids, owned properties and business.
 */

export interface NotificationMessage {
  subject: string;
  text: string;
  /** The visitor, for the reply address and EmailJS's from_name / from_email. */
  fromName: string;
  fromEmail: string;
}

export interface LeadForMessage {
  /** A lead's kind, or 'payment': a Stripe payment notice riding the lead outbox (lib/payments). */
  kind: LeadKind | 'payment';
  type: string;
  fields: Record<string, string>;
  page: string;
  createdAt: string;
  consent: LeadConsent | null;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

export function formatUsd(value: string | undefined): string {
  const amount = parseAmount(value ?? '');
  return usd.format(amount === null || Number.isNaN(amount) ? 0 : amount);
}

const orNA = (value: string | undefined) => (value?.trim() ? value : 'N/A');
const yesNo = (value: string | undefined) => (value === 'yes' ? 'Yes' : 'No');
const option = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

export function applicationSummary(f: Record<string, string>): string {
  const v = (name: string) => f[name] ?? '';
  return [
    'New Construction Loan Application',
    '',
    'PROJECT INFORMATION',
    `Project Description: ${v('projectDescription')}`,
    `Owns Land: ${yesNo(f.ownLand)}`,
    `Land Purchase Price: ${formatUsd(f.landPurchasePrice)}`,
    `Land Balance: ${formatUsd(f.landBalance)}`,
    `Land Estimated Value: ${formatUsd(f.landEstimatedValue)}`,
    `Land Search Price Range: ${v('landSearchPriceRange')}`,
    `Needs Land Loan: ${yesNo(f.needLandLoan)}`,
    `Construction Costs: ${formatUsd(f.constructionCosts)}`,
    `Builder Status: ${option(BUILDER_STATUS_OPTIONS, f.builderStatus)}`,
    `Desired Loan Amount: ${formatUsd(f.loanAmount)}`,
    `Build Start Date: ${v('buildStartDate')}`,
    `Prepaids: ${orNA(f.prepaids)}`,
    '',
    'BORROWER APPLICATION',
    `Property Address: ${v('propertyAddress')}`,
    `Borrower Name: ${v('borrowerName')}`,
    `Borrower Address: ${v('borrowerAddress')}`,
    `Email: ${v('email')}`,
    `Phone: ${v('phone')}`,
    `Monthly Income: ${formatUsd(f.monthlyIncome)}`,
    `Monthly Bills (excluding utilities): ${formatUsd(f.monthlyBills)}`,
    `Liquid Assets: ${formatUsd(f.liquidAssets)}`,
    `Mortgage/Rent: ${formatUsd(f.mortgageRent)}`,
    `Owned Properties: ${orNA(f.ownedProperties)}`,
    `Employer: ${v('employer')}`,
    `Business: ${orNA(f.business)}`,
    `Loan Type: ${option(LOAN_TYPE_OPTIONS, f.loanType)}`,
    `Credit Score: ${v('creditScore')}`,
  ].join('\n');
}

function otherSummary(kind: Exclude<LeadKind, 'application'>, f: Record<string, string>): string {
  const v = (name: string) => f[name] ?? '';
  switch (kind) {
    case 'contact':
      return [
        'New Contact Form Message',
        '',
        `Name: ${v('from_name')}`,
        `Email: ${v('from_email')}`,
        `Phone: ${v('phone')}`,
        '',
        'Message:',
        v('message'),
      ].join('\n');
    case 'qualification':
      return [
        'New Quick Qualification Request',
        '',
        `First Name: ${v('firstName')}`,
        `Last Name: ${v('lastName')}`,
        `Email: ${v('email')}`,
        `Phone: ${v('phone')}`,
        `Project Type: ${option(PROJECT_TYPE_OPTIONS, f.projectType)}`,
        `Estimated Cost: ${formatUsd(f.estimatedCost)}`,
      ].join('\n');
    case 'ebook':
      return ['New Ebook Download', '', `Name: ${v('name')}`, `Email: ${v('email')}`].join('\n');
  }
}

function visitor(kind: LeadKind, f: Record<string, string>): { name: string; email: string } {
  switch (kind) {
    case 'application':
      return { name: f.borrowerName ?? '', email: f.email ?? '' };
    case 'contact':
      return { name: f.from_name ?? '', email: f.from_email ?? '' };
    case 'qualification':
      return { name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(), email: f.email ?? '' };
    case 'ebook':
      return { name: f.name ?? '', email: f.email ?? '' };
  }
}

/** A payment notice: the fields lib/payments/store.server.ts writes. */
function paymentNotification(lead: LeadForMessage): NotificationMessage {
  const f = lead.fields;
  const v = (name: string) => f[name] ?? '';
  const text = [
    lead.type === 'Payment Received' ? 'A plan was paid through Stripe Checkout' : 'A Stripe Checkout payment failed',
    '',
    `Plan: ${v('plan')}`,
    `Amount: ${v('amount')}`,
    `Status: ${v('status')}`,
    `Name: ${v('name')}`,
    `Email: ${v('email')}`,
    `Checkout Session: ${v('checkout_session_id')}`,
    `Payment Intent: ${v('payment_intent_id') || 'N/A'}`,
    '',
    '---',
    `Recorded: ${lead.createdAt}`,
  ].join('\n');
  return { subject: `${lead.type}: ${v('name') || v('email')}`, text, fromName: v('name'), fromEmail: v('email') };
}

export function buildNotification(lead: LeadForMessage): NotificationMessage {
  if (lead.kind === 'payment') return paymentNotification(lead);
  const kind = lead.kind;
  const from = visitor(kind, lead.fields);
  const body = kind === 'application' ? applicationSummary(lead.fields) : otherSummary(kind, lead.fields);
  const footer = [
    '',
    '---',
    `Submitted: ${lead.createdAt}`,
    `Page: ${lead.page}`,
    lead.consent
      ? `Consent to calls and texts: given ${lead.consent.at} on ${lead.consent.page}: "${lead.consent.text}"`
      : 'Consent to calls and texts: not given',
  ];
  return {
    subject: `${lead.type}: ${from.name || from.email}`,
    text: [body, ...footer].join('\n'),
    fromName: from.name,
    fromEmail: from.email,
  };
}
