import { DRAW_SCHEDULES } from './construction-interest';
import { checkDraws } from './query-draws';
import { parseInputs, inputsQuery, type InputDef, type ParsedQuery, type QueryInput } from './query';

export { drawAmounts } from './query-draws';
export type { InputDef, InputKind, ParsedQuery, QueryInput } from './query';

/**
 * The four calculators (issue 19) as the pages, the estimate e-mail and the lead's stored fields
 * see them: ids, paths, titles, the inputs of each with their limits, and the defaults a visitor
 * starts from. Shared by the server and the browser, so both read a query string the same way.
 * The arithmetic is in the engines next to this file; ./run.ts turns checked values into results.
 */

export const CALCULATOR_IDS = ['construction-interest', 'construction-to-permanent', 'maximum-loan', 'debt-to-income'] as const;
export type CalculatorId = (typeof CALCULATOR_IDS)[number];

export const isCalculatorId = (value: unknown): value is CalculatorId =>
  typeof value === 'string' && (CALCULATOR_IDS as readonly string[]).includes(value);

/** What the defaults come from: the first rate of the rates table and the owner's settings. */
export interface CalculatorDefaults {
  /** The first rate's interest rate, as a decimal ('6.75'). */
  ratePercent: string;
  /** That rate's loan type ('Residential'), to say where the default came from; '' when none. */
  rateName: string;
  /** The points and lender fees assumed for the APR, percent of the loan. */
  pointsPercent: string;
  ltcPercent: string;
  ltvPercent: string;
}

/** Used where there is no rate in the table (and in tests). */
export const FALLBACK_DEFAULTS: CalculatorDefaults = {
  ratePercent: '6.75',
  rateName: '',
  pointsPercent: '1',
  ltcPercent: '90',
  ltvPercent: '80',
};

/** The debt-to-income maximum the site advertises ('50% Max DTI'). */
export const MAX_DTI_PERCENT = '50';

export interface CalculatorDef {
  id: CalculatorId;
  path: `/calculators/${CalculatorId}`;
  /** The page's title and <h1>. */
  title: string;
  /** One sentence: the meta description, the index's card, the JSON-LD. */
  description: string;
  inputs: InputDef[];
  defaults(defaults: CalculatorDefaults): Record<string, string>;
}

export const DRAW_OPTIONS = [
  { value: 'even', label: 'Even draws' },
  { value: 'front', label: 'Front-loaded (more paid early)' },
  { value: 'back', label: 'Back-loaded (more paid late)' },
  { value: 'custom', label: 'My own draw amounts' },
] as const satisfies readonly { value: (typeof DRAW_SCHEDULES)[number]; label: string }[];

export const LAND_OPTIONS = [
  { value: 'owned', label: 'I own the land' },
  { value: 'buying', label: 'I am buying the land' },
] as const;

const rate: InputDef = { name: 'rate', label: 'Interest rate (%)', kind: 'percent', min: '0', max: '30' };
const points: InputDef = {
  name: 'points',
  label: 'Points and lender fees (% of the loan)',
  kind: 'percent',
  min: '0',
  max: '10',
  hint: 'Prepaid finance charges, used for the APR.',
};

export const CALCULATORS: Record<CalculatorId, CalculatorDef> = {
  'construction-interest': {
    id: 'construction-interest',
    path: '/calculators/construction-interest',
    title: 'Construction Loan Interest Calculator',
    description:
      'Estimate the interest you pay while your home is built: monthly draws, the balance drawn and each month’s interest, exactly.',
    inputs: [
      { name: 'amount', label: 'Construction loan amount ($)', kind: 'money', min: '1000', max: '100000000' },
      rate,
      { name: 'months', label: 'Months of construction', kind: 'count', min: '1', max: '36' },
      { name: 'draw', label: 'How the builder is paid', kind: 'choice', options: DRAW_OPTIONS },
      {
        name: 'draws',
        label: 'Draw amounts, one per month ($)',
        kind: 'draws',
        hint: 'Separate the amounts with commas, e.g. 50000, 80000, 120000. They set the loan amount and the months.',
        onlyWhen: { name: 'draw', values: ['custom'] },
      },
      points,
    ],
    defaults: (d) => ({ amount: '400000', rate: d.ratePercent, months: '12', draw: 'even', draws: '', points: d.pointsPercent }),
  },
  'construction-to-permanent': {
    id: 'construction-to-permanent',
    path: '/calculators/construction-to-permanent',
    title: 'Construction-to-Permanent Payment Calculator',
    description:
      'Your monthly principal and interest once the construction loan converts to a mortgage, with the APR, total interest and an amortization chart.',
    inputs: [
      { name: 'amount', label: 'Loan amount ($)', kind: 'money', min: '1000', max: '100000000' },
      rate,
      { name: 'years', label: 'Term (years)', kind: 'count', min: '1', max: '40' },
      points,
    ],
    defaults: (d) => ({ amount: '400000', rate: d.ratePercent, years: '30', points: d.pointsPercent }),
  },
  'maximum-loan': {
    id: 'maximum-loan',
    path: '/calculators/maximum-loan',
    title: 'How Much Can I Borrow? Construction Loan Calculator',
    description:
      'The most a construction loan can lend on your land and build: the lesser of loan-to-cost and loan-to-value, with land equity and cash at closing.',
    inputs: [
      { name: 'land', label: 'The land', kind: 'choice', options: LAND_OPTIONS },
      {
        name: 'landValue',
        label: 'Land value or price ($)',
        kind: 'money',
        min: '0',
        max: '100000000',
        hint: 'What the land is worth if you own it, or its price if you are buying it.',
      },
      {
        name: 'landOwed',
        label: 'Still owed on the land ($)',
        kind: 'money',
        min: '0',
        max: '100000000',
        onlyWhen: { name: 'land', values: ['owned'] },
      },
      { name: 'cost', label: 'Construction cost ($)', kind: 'money', min: '1000', max: '100000000' },
      { name: 'value', label: 'Appraised value when complete ($)', kind: 'money', min: '1000', max: '100000000' },
      { name: 'ltc', label: 'Loan-to-cost limit (%)', kind: 'percent', min: '1', max: '100' },
      { name: 'ltv', label: 'Loan-to-value limit (%)', kind: 'percent', min: '1', max: '100' },
    ],
    defaults: (d) => ({
      land: 'owned',
      landValue: '100000',
      landOwed: '0',
      cost: '400000',
      value: '550000',
      ltc: d.ltcPercent,
      ltv: d.ltvPercent,
    }),
  },
  'debt-to-income': {
    id: 'debt-to-income',
    path: '/calculators/debt-to-income',
    title: 'Debt-to-Income (DTI) Calculator',
    description: `Your front-end and back-end debt-to-income ratios with the new home's payment, against the ${MAX_DTI_PERCENT}% maximum we work with.`,
    inputs: [
      { name: 'income', label: 'Gross monthly income ($)', kind: 'money', min: '1', max: '10000000' },
      {
        name: 'debts',
        label: 'Other monthly debt payments ($)',
        kind: 'money',
        min: '0',
        max: '10000000',
        hint: 'Car loans, student loans, card minimums, child support: not utilities.',
      },
      {
        name: 'payment',
        label: 'Proposed housing payment ($ a month)',
        kind: 'money',
        min: '0',
        max: '10000000',
        hint: 'Principal and interest, plus taxes and insurance if you know them.',
      },
    ],
    defaults: () => ({ income: '12000', debts: '800', payment: '2594.39' }),
  },
};

export const calculatorList = CALCULATOR_IDS.map((id) => CALCULATORS[id]);

/**
 * Reads a calculator's query (or a form's fields): a missing or empty input takes its default, a
 * bad one gets a clear message (./query.ts, which the pages' browser half uses on its own).
 */
export const parseCalculatorQuery = (id: CalculatorId, query: QueryInput, defaults: CalculatorDefaults): ParsedQuery =>
  parseCalculatorInputs(id, query, CALCULATORS[id].defaults(defaults));

/** The same from the values an empty input takes (`start`, as a page's slot names them). */
export const parseCalculatorInputs = (id: CalculatorId, query: QueryInput, start: Record<string, string>): ParsedQuery =>
  parseInputs(CALCULATORS[id].inputs, start, query, { draws: checkDraws });

/** The query string of a result (every input, in order), for shareable links and the GET form. */
export const calculatorQuery = (id: CalculatorId, values: Record<string, string>): string =>
  inputsQuery(CALCULATORS[id].inputs, values);
