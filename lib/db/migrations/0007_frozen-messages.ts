/**
 * What migration 0007 renders, frozen as the app rendered it when the migration was written
 * (lib/leads/lead-row.ts and summary.ts, lib/payments/notice.ts and format.ts, lib/db/ids.ts, at
 * issue 29): a database upgraded from 0006 next year must get the e-mails it would have got today,
 * whatever the app's own renderers have become by then. Never edit this file to follow them.
 *
 * Left out on purpose: the 'Possible bot' prefix (its columns came with 0014, so no row this
 * migration reads has them). Calculator leads came with the release after 0008, so a database at
 * 0006 holds none; their summary is kept all the same, as the app rendered it.
 */

export interface Message {
  subject: string;
  text: string;
  fromName: string;
  fromEmail: string;
}

interface Row {
  label: string;
  value: string;
  block?: boolean;
}

interface Summary {
  heading: string;
  sections: { title: string | null; rows: Row[] }[];
}

/** The columns of a lead at 0006 its e-mail is rendered from. */
export interface LeadColumns {
  kind: string;
  type: string;
  fields: string;
  page: string;
  created_at: string;
  consent_text: string | null;
  consent_at: string | null;
  consent_page: string | null;
}

const BUILDER_STATUS_OPTIONS = [
  { value: 'have-builder', label: 'I have a builder' },
  { value: 'owner-builder', label: 'I am a qualified owner-builder' },
  { value: 'need-builder', label: 'I need to find a builder' },
];
const LOAN_TYPE_OPTIONS = [
  { value: '30-year-fixed', label: '30 Year Fixed' },
  { value: 'fixed-arm', label: 'Fixed ARM Product' },
  { value: 'other', label: 'Other' },
];
const PROJECT_TYPE_OPTIONS = [
  { value: 'residential-construction', label: 'Residential Construction' },
  { value: 'remodeling', label: 'Major Remodeling' },
  { value: 'owner-builder', label: 'Owner-Builder' },
  { value: 'land', label: 'Land Loan' },
  { value: 'other', label: 'Other' },
];

function parseAmount(value: string): number | null {
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

function formatUsd(value: string | undefined): string {
  const amount = parseAmount(value ?? '');
  return usd.format(amount === null || Number.isNaN(amount) ? 0 : amount);
}

const orNA = (value: string | undefined) => (value?.trim() ? value : 'N/A');
const yesNo = (value: string | undefined) => (value === 'yes' ? 'Yes' : 'No');
const option = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';
const row = (label: string, value: string): Row => ({ label, value });

function applicationSummary(f: Record<string, string>): Summary {
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

function textLines(text: string | undefined): Row[] {
  if (!text) return [];
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const at = line.indexOf(': ');
      return at < 0 ? { label: line, value: '' } : { label: line.slice(0, at), value: line.slice(at + 2) };
    });
}

function calculatorSummary(f: Record<string, string>): Summary {
  const v = (name: string) => f[name] ?? '';
  return {
    heading: 'New Calculator Estimate Request',
    sections: [
      {
        title: null,
        rows: [
          { label: 'Name', value: v('name') },
          { label: 'Email', value: v('email') },
          { label: 'Calculator', value: v('calculatorTitle') || v('calculator') },
          { label: 'Estimate link', value: v('link') },
        ],
      },
      { title: 'INPUTS', rows: textLines(f.inputs) },
      { title: 'RESULTS', rows: textLines(f.results) },
      ...(f.terms ? [{ title: 'TERMS ASSUMED', rows: [{ label: 'Terms', value: v('terms'), block: true }] }] : []),
    ],
  };
}

function leadSummary(kind: string, f: Record<string, string>): Summary {
  const v = (name: string) => f[name] ?? '';
  switch (kind) {
    case 'application':
      return applicationSummary(f);
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
      return calculatorSummary(f);
    default:
      return unknownKind(kind);
  }
}

/** The app's renderer failed on a kind it did not know (a TypeError); this says which. */
function unknownKind(kind: string): never {
  throw new Error(`Migration 0007 cannot render the e-mail of a lead of kind '${kind}'`);
}

function summaryText(summary: Summary): string {
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

function visitor(kind: string, f: Record<string, string>): { name: string; email: string } {
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
    default:
      return unknownKind(kind);
  }
}

/** The broker's e-mail about a lead, from its row. */
export function leadRowMessage(lead: LeadColumns): Message {
  const fields = JSON.parse(lead.fields) as Record<string, string>;
  const from = visitor(lead.kind, fields);
  const consent =
    lead.consent_text && lead.consent_at
      ? { text: lead.consent_text, at: lead.consent_at, page: lead.consent_page ?? lead.page }
      : null;
  const footer = [
    '',
    '---',
    `Submitted: ${lead.created_at}`,
    `Page: ${lead.page}`,
    consent
      ? `Consent to calls and texts: given ${consent.at} on ${consent.page}: "${consent.text}"`
      : 'Consent to calls and texts: not given',
  ];
  return {
    subject: `${lead.type}: ${from.name || from.email}`,
    text: [summaryText(leadSummary(lead.kind, fields)), ...footer].join('\n'),
    fromName: from.name,
    fromEmail: from.email,
  };
}

export interface PaymentNotice {
  status: 'paid' | 'failed';
  plan: string;
  /** Formatted for people ('$495.00'). */
  amount: string;
  customerName: string;
  customerEmail: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  recordedAt: string;
}

/** The broker's e-mail about a paid or failed Checkout payment. */
export function paymentMessage(notice: PaymentNotice): Message {
  const title = notice.status === 'paid' ? 'Payment Received' : 'Payment Failed';
  const text = [
    notice.status === 'paid' ? 'A plan was paid through Stripe Checkout' : 'A Stripe Checkout payment failed',
    '',
    `Plan: ${notice.plan}`,
    `Amount: ${notice.amount}`,
    `Status: ${notice.status}`,
    `Name: ${notice.customerName}`,
    `Email: ${notice.customerEmail}`,
    `Checkout Session: ${notice.checkoutSessionId}`,
    `Payment Intent: ${notice.paymentIntentId || 'N/A'}`,
    '',
    '---',
    `Recorded: ${notice.recordedAt}`,
  ].join('\n');
  return {
    subject: `${title}: ${notice.customerName || notice.customerEmail}`,
    text,
    fromName: notice.customerName,
    fromEmail: notice.customerEmail,
  };
}

/** An amount in the currency's smallest unit, formatted for people ('$495.00'). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A new row id: a UUIDv7 as 32 lower-case hex digits (the leads the down migration writes back). */
export function newId(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes.subarray(6));
  let time = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
