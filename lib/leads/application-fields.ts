import { amount, area, email, phone, text, yesNo, type FieldDef } from './fields';
import { propertyStateField } from './property-state';

/** The application's fields (spec section 3), apart so the short forms' bundles do not carry them. */

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
  // Where the property is decides who works the lead (routing by state, issue 31).
  propertyStateField,
  text('borrowerName', 'Borrower Name', 'name'),
  // 'street-address' is valid on multi-line controls only (a textarea); a one-line input takes
  // 'address-line1'. Autofill fills the street's first line (the old token too gave only the
  // street lines, never the city, state or ZIP).
  text('borrowerAddress', 'Current Address', 'address-line1', 300),
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
