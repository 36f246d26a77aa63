import { isStateCode, stateName } from '../licenses/us-states';
import type { NotificationMessage } from '../notifications/types';
import { BUILDER_STATUS_OPTIONS, LOAN_TYPE_OPTIONS } from './application-fields';
import { calculatorSummary } from './calculator-summary';
import { PROJECT_TYPE_OPTIONS, type LeadKind } from './fields';
import { PROPERTY_STATE_FIELD } from './property-state';
import { parseAmount } from './schemas';
import type { LeadConsent, LeadSummary, SummaryRow } from './types';

/**
 * The e-mail each lead sends the broker. The application's text is the spec's plain-text summary
 * of every field (section 7): amounts in en-US dollars without decimals, '$0' when empty, and
 * 'N/A' for empty prepaids, owned properties and business. Rendered when the lead is stored: the
 * outbox keeps the message itself (lib/notifications/outbox.server.ts), which never renders one:
 * the lead's own rules live here, beside its fields.
 */

export interface LeadForMessage {
  kind: LeadKind;
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

const row = (label: string, value: string): SummaryRow => ({ label, value });

/**
 * The property's state (issue 31), where the visitor chose one: 'Texas (TX)'. No row otherwise,
 * so a lead without one reads exactly as the spec's summary (section 7).
 */
export function propertyStateRows(f: Record<string, string>): SummaryRow[] {
  const code = f[PROPERTY_STATE_FIELD];
  return isStateCode(code) ? [row('Property State', `${stateName(code)} (${code})`)] : [];
}

function applicationSections(f: Record<string, string>): LeadSummary {
  const v = (name: string) => f[name] ?? '';
  return {
    heading: 'New Construction Loan Application',
    sections: [
      {
        title: 'PROJECT INFORMATION',
        rows: [
          row('Project Description', v('projectDescription')),
          row('Owns Land', yesNo(f.ownLand)),
          row('Land Purchase Price', formatUsd(f.landPurchasePrice)),
          row('Land Balance', formatUsd(f.landBalance)),
          row('Land Estimated Value', formatUsd(f.landEstimatedValue)),
          row('Land Search Price Range', v('landSearchPriceRange')),
          row('Needs Land Loan', yesNo(f.needLandLoan)),
          row('Construction Costs', formatUsd(f.constructionCosts)),
          row('Builder Status', option(BUILDER_STATUS_OPTIONS, f.builderStatus)),
          row('Desired Loan Amount', formatUsd(f.loanAmount)),
          row('Build Start Date', v('buildStartDate')),
          row('Prepaids', orNA(f.prepaids)),
        ],
      },
      {
        title: 'BORROWER APPLICATION',
        rows: [
          row('Property Address', v('propertyAddress')),
          ...propertyStateRows(f),
          row('Borrower Name', v('borrowerName')),
          row('Borrower Address', v('borrowerAddress')),
          row('Email', v('email')),
          row('Phone', v('phone')),
          row('Monthly Income', formatUsd(f.monthlyIncome)),
          row('Monthly Bills (excluding utilities)', formatUsd(f.monthlyBills)),
          row('Liquid Assets', formatUsd(f.liquidAssets)),
          row('Mortgage/Rent', formatUsd(f.mortgageRent)),
          row('Owned Properties', orNA(f.ownedProperties)),
          row('Employer', v('employer')),
          row('Business', orNA(f.business)),
          row('Loan Type', option(LOAN_TYPE_OPTIONS, f.loanType)),
          row('Credit Score', v('creditScore')),
        ],
      },
    ],
  };
}

export function leadSummary(kind: LeadKind, f: Record<string, string>): LeadSummary {
  const v = (name: string) => f[name] ?? '';
  switch (kind) {
    case 'application':
      return applicationSections(f);
    case 'contact':
      return {
        heading: 'New Contact Form Message',
        sections: [
          {
            title: null,
            rows: [
              row('Name', v('from_name')),
              row('Email', v('from_email')),
              row('Phone', v('phone')),
              { label: 'Message', value: v('message'), block: true },
            ],
          },
        ],
      };
    case 'qualification':
      return {
        heading: 'New Quick Qualification Request',
        sections: [
          {
            title: null,
            rows: [
              row('First Name', v('firstName')),
              row('Last Name', v('lastName')),
              row('Email', v('email')),
              row('Phone', v('phone')),
              row('Project Type', option(PROJECT_TYPE_OPTIONS, f.projectType)),
              row('Estimated Cost', formatUsd(f.estimatedCost)),
            ],
          },
        ],
      };
    case 'ebook':
      return {
        heading: 'New Ebook Download',
        sections: [{ title: null, rows: [row('Name', v('name')), row('Email', v('email'))] }],
      };
    case 'calculator':
      return calculatorSummary(f, propertyStateRows(f));
  }
}

/** The summary as the e-mail's plain text (spec section 7). */
export function summaryText(summary: LeadSummary): string {
  const lines = [summary.heading];
  for (const section of summary.sections) {
    lines.push('');
    if (section.title) lines.push(section.title);
    for (const r of section.rows) {
      if (r.block) lines.push('', `${r.label}:`, r.value);
      else lines.push(`${r.label}: ${r.value}`);
    }
  }
  return lines.join('\n');
}

export const applicationSummary = (f: Record<string, string>): string => summaryText(applicationSections(f));

function visitor(kind: LeadKind, f: Record<string, string>): { name: string; email: string } {
  switch (kind) {
    case 'application':
      return { name: f.borrowerName ?? '', email: f.email ?? '' };
    case 'contact':
      return { name: f.from_name ?? '', email: f.from_email ?? '' };
    case 'qualification':
      return { name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(), email: f.email ?? '' };
    case 'ebook':
    case 'calculator':
      return { name: f.name ?? '', email: f.email ?? '' };
  }
}

export function leadMessage(lead: LeadForMessage): NotificationMessage {
  const from = visitor(lead.kind, lead.fields);
  const body = summaryText(leadSummary(lead.kind, lead.fields));
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
