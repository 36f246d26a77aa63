import { DRAW_SCHEDULES } from './construction-interest';
import { parseDecimal, type Exact } from './exact';

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

export type InputKind = 'money' | 'percent' | 'count' | 'choice' | 'draws';

export interface InputDef {
  name: string;
  label: string;
  kind: InputKind;
  /** Limits, as decimal strings (money in dollars, percent in percent); counts are whole numbers. */
  min?: string;
  max?: string;
  /** What the field asks for, under its label. */
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** The input is only used when another input has one of these values (e.g. draws when draw=custom). */
  onlyWhen?: { name: string; values: readonly string[] };
}

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

export type QueryInput = Record<string, string | string[] | undefined> | URLSearchParams;

export type ParsedQuery =
  | { ok: true; values: Record<string, string> }
  /** `values` then holds what the visitor typed where it was wrong, so the form shows it again. */
  | { ok: false; values: Record<string, string>; errors: Record<string, string> };

const MONEY_TEXT = /^\$?\s*[\d,]*(\.\d*)?$/;
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const showMoney = (value: string) => `$${dollars.format(Number(value))}`;

function firstOf(query: QueryInput, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** '400000' → exact; a canonical decimal: no '$', commas, spaces or a lone trailing dot. */
function canonicalMoney(text: string): string | null {
  const trimmed = text.trim();
  if (!MONEY_TEXT.test(trimmed)) return null;
  const plain = trimmed.replace(/[$,\s]/g, '').replace(/\.$/, '');
  if (plain === '' || !/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}

function canonicalPercent(text: string): string | null {
  const plain = text.trim().replace(/\s*%$/, '');
  if (!/^\d+(\.\d{1,3})?$/.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}

const within = (value: string, def: InputDef) => {
  const n = Number(value);
  return (def.min === undefined || n >= Number(def.min)) && (def.max === undefined || n <= Number(def.max));
};

function checkOne(def: InputDef, text: string): { value: string } | { error: string } {
  switch (def.kind) {
    case 'money': {
      const value = canonicalMoney(text);
      if (value === null) return { error: 'Enter an amount in dollars, e.g. 400000.' };
      if (!within(value, def)) return { error: `Enter an amount from ${showMoney(def.min!)} to ${showMoney(def.max!)}.` };
      return { value };
    }
    case 'percent': {
      const value = canonicalPercent(text);
      if (value === null) return { error: 'Enter a percentage, e.g. 6.75.' };
      if (!within(value, def)) return { error: `Enter a percentage from ${def.min}% to ${def.max}%.` };
      return { value };
    }
    case 'count': {
      const value = text.trim();
      if (!/^\d{1,3}$/.test(value) || !within(value, def))
        return { error: `Enter a whole number from ${def.min} to ${def.max}.` };
      return { value: String(Number(value)) };
    }
    case 'choice': {
      const value = text.trim();
      if (!def.options?.some((o) => o.value === value)) return { error: 'Choose one of the options.' };
      return { value };
    }
    case 'draws': {
      const parts = splitDraws(text);
      if (parts.length === 0) return { error: 'Enter at least one draw amount.' };
      if (parts.length > 36) return { error: 'Enter at most 36 draws, one per month.' };
      const amounts = parts.map((part) => canonicalMoney(part));
      if (amounts.some((a) => a === null || Number(a) > 100_000_000))
        return { error: 'Enter each draw in dollars, separated by commas, e.g. 50000, 80000.' };
      if (amounts.every((a) => Number(a) === 0)) return { error: 'At least one draw must be more than $0.' };
      return { value: amounts.join(', ') };
    }
  }
}

/** A comma that groups thousands ('50,000') belongs to the amount; any other separates two amounts. */
const GROUPED = /^\$?\d{1,3}(,\d{3})+(\.\d*)?$/;

function splitDraws(text: string): string[] {
  return text
    .split(/[\s;]+|,\s+/)
    .flatMap((token) => (GROUPED.test(token) ? [token] : token.split(',')))
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The checked draws value ('50000, 80000') as amounts. */
export const drawAmounts = (value: string): Exact[] => value.split(', ').map((a) => parseDecimal(a)!);

const isUsed = (def: InputDef, values: Record<string, string>) =>
  !def.onlyWhen || def.onlyWhen.values.includes(values[def.onlyWhen.name] ?? '');

/**
 * Reads a calculator's query (or a form's fields): a missing or empty input takes its default, a
 * bad one gets a clear message. Inputs that do not apply (custom draws with even draws) are kept
 * as typed but not checked.
 */
export function parseCalculatorQuery(id: CalculatorId, query: QueryInput, defaults: CalculatorDefaults): ParsedQuery {
  const def = CALCULATORS[id];
  const start = def.defaults(defaults);
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const input of def.inputs) values[input.name] = (firstOf(query, input.name) ?? '').slice(0, 2000);
  for (const input of def.inputs) {
    if (values[input.name]!.trim() === '') values[input.name] = start[input.name] ?? '';
    if (!isUsed(input, values)) continue;
    const checked = checkOne(input, values[input.name]!);
    if ('error' in checked) errors[input.name] = checked.error;
    else values[input.name] = checked.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, values };
}

/** The query string of a result (every input, in order), for shareable links and the GET form. */
export function calculatorQuery(id: CalculatorId, values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const input of CALCULATORS[id].inputs) {
    const value = values[input.name];
    if (value !== undefined && value !== '' && isUsed(input, values)) params.set(input.name, value);
  }
  return params.toString();
}
