/**
 * The lead forms' fields, labels, options and required lists (spec sections 3 and 5), free of
 * dependencies (the application's own fields are in application-fields.ts, so the short forms'
 * bundles do not carry them): the forms import this for their markup and their quick
 * required-field check (small enough for a page's initial bundle), and `schemas.ts` builds the
 * server's zod schemas from the same definitions.
 */

export type LeadKind = 'application' | 'contact' | 'qualification' | 'ebook' | 'calculator';

/** The `type` each kind of lead carries (spec section 3: 'New Detailed Application', 'Ebook Download'). */
export const LEAD_TYPES: Record<LeadKind, string> = {
  application: 'New Detailed Application',
  contact: 'Contact Form',
  qualification: 'Quick Qualification',
  ebook: 'Ebook Download',
  calculator: 'Calculator Estimate',
};

export type FieldInput = 'text' | 'textarea' | 'email' | 'tel' | 'amount' | 'yesno' | 'select';

export interface FieldDef {
  name: string;
  label: string;
  input: FieldInput;
  max: number;
  options?: readonly { value: string; label: string }[];
  /** The value a fresh form starts with (yes/no and select fields). */
  initial?: string;
  autoComplete?: string;
}

export const text = (name: string, label: string, autoComplete?: string, max = 200): FieldDef => ({
  name,
  label,
  input: 'text',
  max,
  autoComplete,
});
export const area = (name: string, label: string, max = 4000): FieldDef => ({ name, label, input: 'textarea', max });
export const amount = (name: string, label: string): FieldDef => ({ name, label, input: 'amount', max: 20 });
export const yesNo = (name: string, label: string): FieldDef => ({
  name,
  label,
  input: 'yesno',
  max: 3,
  options: YES_NO,
  initial: 'no',
});
export const email = (name: string, label: string): FieldDef => ({
  name,
  label,
  input: 'email',
  max: 254,
  autoComplete: 'email',
});
export const phone = (name: string, label: string): FieldDef => ({ name, label, input: 'tel', max: 40, autoComplete: 'tel' });

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export const PROJECT_TYPE_OPTIONS = [
  { value: 'residential-construction', label: 'Residential Construction' },
  { value: 'remodeling', label: 'Major Remodeling' },
  { value: 'owner-builder', label: 'Owner-Builder' },
  { value: 'land', label: 'Land Loan' },
  { value: 'other', label: 'Other' },
] as const;

export const CONTACT_FIELDS: FieldDef[] = [
  text('from_name', 'Name', 'name'),
  email('from_email', 'Email'),
  phone('phone', 'Phone'),
  area('message', 'Message'),
];

export const QUALIFICATION_FIELDS: FieldDef[] = [
  text('firstName', 'First Name', 'given-name', 100),
  text('lastName', 'Last Name', 'family-name', 100),
  email('email', 'Email'),
  phone('phone', 'Phone'),
  { name: 'projectType', label: 'Project Type', input: 'select', max: 40, options: PROJECT_TYPE_OPTIONS, initial: '' },
  amount('estimatedCost', 'Estimated Project Cost'),
];

export const EBOOK_FIELDS: FieldDef[] = [text('name', 'Full Name', 'name'), email('email', 'Email Address')];

/** Spec section 5's required fields; the contact and qualification forms ask for a way to answer. */
/** (The calculator estimate's are in ./calculator-fields.ts: no form in the shared bundle needs them.) */
export const REQUIRED: Record<Exclude<LeadKind, 'calculator'> | 'applicationStep1' | 'applicationStep2', readonly string[]> = {
  applicationStep1: ['projectDescription', 'constructionCosts', 'loanAmount'],
  applicationStep2: ['borrowerName', 'monthlyIncome', 'liquidAssets', 'email', 'phone'],
  application: [
    'projectDescription',
    'constructionCosts',
    'loanAmount',
    'borrowerName',
    'monthlyIncome',
    'liquidAssets',
    'email',
    'phone',
  ],
  contact: ['from_name', 'from_email', 'message'],
  qualification: ['firstName', 'lastName', 'email', 'phone'],
  ebook: ['name', 'email'],
};

/** The short forms' fields; the application's live in application-fields.ts (see all-fields.ts). */
export const SIMPLE_FIELDS: Record<Exclude<LeadKind, 'application' | 'calculator'>, FieldDef[]> = {
  contact: CONTACT_FIELDS,
  qualification: QUALIFICATION_FIELDS,
  ebook: EBOOK_FIELDS,
};

/** Forms that collect a phone number offer the optional consent to calls and texts. */
export const HAS_CONSENT: Record<Exclude<LeadKind, 'calculator'>, boolean> = {
  application: true,
  contact: true,
  qualification: true,
  ebook: false,
};

/** Stored verbatim with the time and page whenever a visitor ticks the box. */
export const CONSENT_TEXT =
  'I agree to receive calls and text messages, including automated ones, about my inquiry from Construction Loan Pros at the phone number I provided. Consent is not a condition of any loan. Message and data rates may apply; reply STOP to opt out.';

/** Hidden fields every lead form posts besides its own. */
export const HIDDEN = {
  /** Honeypot: invisible to people, filled by form-filling bots. */
  honeypot: 'company_website',
  /** Milliseconds from the form's first focus (or its appearing) to the press, measured in the browser. */
  fillMs: 'fill_ms',
  /** '1' when a field of the form had focus before the press, '0' when none had; set by the form's script. */
  focused: 'focused',
  page: 'page',
  consent: 'consent',
  /** The slug of the officer profile the visitor came from (/contact?officer=…, /apply?officer=…): the lead goes to that officer. */
  officer: 'officer',
} as const;

/** The names of required fields left blank (the spec's only client-side check: non-blank). */
export function missingRequired(kind: keyof typeof REQUIRED, values: (name: string) => string): string[] {
  return REQUIRED[kind].filter((name) => values(name).trim() === '');
}

/** The spec's toasts for missing fields. */
export const INCOMPLETE = {
  application: {
    title: 'Incomplete Information',
    next: 'Please fill out all required fields before proceeding.',
    submit: 'Please fill out all required fields before submitting.',
  },
  ebook: { title: '⚠️ Incomplete Form', description: 'Please fill out both your name and email to get the ebook.' },
  other: { title: 'Incomplete Information', description: 'Please fill out all required fields before submitting.' },
} as const;

/** Spec section 8: the toast when the lead could not be stored. */
export const SUBMIT_FAILED = {
  title: 'Uh oh! Something went wrong.',
  description: 'There was a problem submitting your application. Please try again.',
} as const;

/** What a lead action answers. Spam gets the same success answer a person gets. */
export type LeadResult =
  /** `link`: a calculator lead's estimate page (its inputs in the query), for the way back to it. */
  | { ok: true; kind: LeadKind; link?: string }
  | {
      ok: false;
      reason: 'invalid';
      title: string;
      message: string;
      fieldErrors: Record<string, string>;
      /** What was typed, so a page re-rendered without JavaScript keeps it. */
      values?: Record<string, string>;
    }
  | { ok: false; reason: 'failed' | 'limited'; title: string; message: string; values?: Record<string, string> }
  | null;
