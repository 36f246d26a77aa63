/**
 * The lead forms' fields, labels, options and required lists (spec sections 3 and 5), in one
 * place and free of dependencies: the forms import this for their markup and their quick
 * required-field check (small enough for a page's initial bundle), and `schemas.ts` builds the
 * server's zod schemas from the same definitions.
 */

export type LeadKind = 'application' | 'contact' | 'qualification' | 'ebook';

/** The `type` each kind of lead carries (spec section 3: 'New Detailed Application', 'Ebook Download'). */
export const LEAD_TYPES: Record<LeadKind, string> = {
  application: 'New Detailed Application',
  contact: 'Contact Form',
  qualification: 'Quick Qualification',
  ebook: 'Ebook Download',
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

const text = (name: string, label: string, autoComplete?: string, max = 200): FieldDef => ({
  name,
  label,
  input: 'text',
  max,
  autoComplete,
});
const area = (name: string, label: string, max = 4000): FieldDef => ({ name, label, input: 'textarea', max });
const amount = (name: string, label: string): FieldDef => ({ name, label, input: 'amount', max: 20 });
const yesNo = (name: string, label: string): FieldDef => ({
  name,
  label,
  input: 'yesno',
  max: 3,
  options: YES_NO,
  initial: 'no',
});
const email = (name: string, label: string): FieldDef => ({ name, label, input: 'email', max: 254, autoComplete: 'email' });
const phone = (name: string, label: string): FieldDef => ({ name, label, input: 'tel', max: 40, autoComplete: 'tel' });

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** Spec section 9: builder status options. */
export const BUILDER_STATUS_OPTIONS = [
  { value: 'have-builder', label: 'I have a builder' },
  { value: 'owner-builder', label: 'I am a qualified owner-builder' },
  { value: 'need-builder', label: 'I need to find a builder' },
] as const;

/** Spec section 9: loan type options. */
export const LOAN_TYPE_OPTIONS = [
  { value: '30-year-fixed', label: '30 Year Fixed' },
  { value: 'fixed-arm', label: 'Fixed ARM Product' },
  { value: 'other', label: 'Other' },
] as const;

export const PROJECT_TYPE_OPTIONS = [
  { value: 'residential-construction', label: 'Residential Construction' },
  { value: 'remodeling', label: 'Major Remodeling' },
  { value: 'owner-builder', label: 'Owner-Builder' },
  { value: 'land', label: 'Land Loan' },
  { value: 'other', label: 'Other' },
] as const;

/** Application step 1, 'Project Information' (spec section 3). */
export const APPLICATION_STEP1: FieldDef[] = [
  area('projectDescription', 'Project Description'),
  yesNo('ownLand', 'Do you own the land?'),
  amount('landPurchasePrice', 'Land Purchase Price'),
  amount('landBalance', 'Land Balance Owed'),
  amount('landEstimatedValue', 'Estimated Land Value'),
  text('landSearchPriceRange', 'Land Search Price Range'),
  yesNo('needLandLoan', 'Do you need a land loan?'),
  amount('constructionCosts', 'Estimated Construction Costs'),
  {
    name: 'builderStatus',
    label: 'Builder Status',
    input: 'select',
    max: 20,
    options: BUILDER_STATUS_OPTIONS,
    initial: 'have-builder',
  },
  amount('loanAmount', 'Desired Loan Amount (including land balance)'),
  text('buildStartDate', 'Desired Build Start Date'),
  text('prepaids', 'Prepaids'),
];

/** Application step 2, 'Borrower Application' (spec section 3). */
export const APPLICATION_STEP2: FieldDef[] = [
  text('propertyAddress', 'Property Address', 'off', 300),
  text('borrowerName', 'Borrower Name', 'name'),
  text('borrowerAddress', 'Current Address', 'street-address', 300),
  email('email', 'Email'),
  phone('phone', 'Phone'),
  amount('monthlyIncome', 'Monthly Income'),
  amount('monthlyBills', 'Monthly Bills (excluding utilities)'),
  amount('liquidAssets', 'Liquid Assets'),
  amount('mortgageRent', 'Current Mortgage / Rent Payment'),
  area('ownedProperties', 'Owned Properties', 2000),
  text('employer', 'Employer', 'organization'),
  text('business', 'Business (if self-employed)'),
  { name: 'loanType', label: 'Loan Type', input: 'select', max: 20, options: LOAN_TYPE_OPTIONS, initial: '30-year-fixed' },
  text('creditScore', 'Estimated Credit Score', 'off', 20),
];

/** Land fields shown only when ownLand is yes; the search range only when it is no. */
export const LAND_OWNED_FIELDS = ['landPurchasePrice', 'landBalance', 'landEstimatedValue'] as const;
export const LAND_SEARCH_FIELDS = ['landSearchPriceRange'] as const;

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
export const REQUIRED: Record<LeadKind | 'applicationStep1' | 'applicationStep2', readonly string[]> = {
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

export const FIELDS: Record<LeadKind, FieldDef[]> = {
  application: [...APPLICATION_STEP1, ...APPLICATION_STEP2],
  contact: CONTACT_FIELDS,
  qualification: QUALIFICATION_FIELDS,
  ebook: EBOOK_FIELDS,
};

/** Forms that collect a phone number offer the optional consent to calls and texts. */
export const HAS_CONSENT: Record<LeadKind, boolean> = { application: true, contact: true, qualification: true, ebook: false };

/** Stored verbatim with the time and page whenever a visitor ticks the box. */
export const CONSENT_TEXT =
  'I agree to receive calls and text messages, including automated ones, about my inquiry from Construction Loan Pros at the phone number I provided. Consent is not a condition of any loan. Message and data rates may apply; reply STOP to opt out.';

/** Hidden fields every lead form posts besides its own. */
export const HIDDEN = {
  /** Honeypot: invisible to people, filled by form-filling bots. */
  honeypot: 'company_website',
  /** Milliseconds between the form appearing and its submission, measured in the browser. */
  fillMs: 'fill_ms',
  page: 'page',
  consent: 'consent',
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
  | { ok: true; kind: LeadKind }
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
