/**
 * The fixed words of the calculators' results, read by their views (./views/): on the server, and
 * in each page's live script, which carries only its own calculator's words (ADR 039).
 */
export const CONSTRUCTION_INTEREST_COPY = {
  totalInterest: 'Total interest during construction',
  drawn: 'Loan drawn',
  payment: 'Largest monthly interest payment',
  chart: 'Interest by month',
  table: 'Monthly draw schedule',
  columns: ['Month', 'Draw', 'Balance', 'Interest'],
};

export const CONSTRUCTION_TO_PERMANENT_COPY = {
  payment: 'Monthly payment (principal and interest)',
  dti: 'Check your debt-to-income ratio with this payment',
  totalInterest: 'Total interest',
  totalPaid: 'Total of payments',
  chart: 'Principal and interest by year',
  table: 'Amortization by year',
  columns: ['Year', 'Principal', 'Interest', 'Balance'],
};

export type ConstructionInterestCopy = typeof CONSTRUCTION_INTEREST_COPY;
export type ConstructionToPermanentCopy = typeof CONSTRUCTION_TO_PERMANENT_COPY;

/**
 * How much can I borrow. Sentences are templates ('{loan}'): the live half fills them
 * (components/calculators/maximum-loan.tsx), so the words stay out of its script.
 */
export const MAXIMUM_LOAN_COPY = {
  maximum: 'Maximum loan',
  binding: 'The limit that binds',
  names: { ltc: 'Loan-to-cost', ltv: 'Loan-to-value', need: 'What the project needs' },
  why: {
    ltc: '{ltc} of the project cost ({total}) is {ltcLimit}, less than {ltv} of the value when complete ({ltvLimit}).',
    ltv: '{ltv} of the value when complete ({value}) is {ltvLimit}, less than {ltc} of the project cost ({ltcLimit}).',
    need: 'Both limits are more than the {needed} left to pay for ({parts}), so the loan is {needed}.',
  },
  parts: { owned: 'the build', owing: 'the build and the {owed} still owed on the land', buying: 'the land and the build' },
  ltcLimit: 'Loan-to-cost limit',
  ltcDetail: '{ltc} of {total}: land {land} and build {cost}.',
  ltvLimit: 'Loan-to-value limit',
  ltvDetail: '{ltv} of {value}, the appraised value when complete.',
  equity: 'Land equity toward your down payment',
  equityOwned: 'The land’s {land} less the {owed} still owed on it.',
  equityBuying: 'None yet: you are buying the land, so the loan and your cash pay its {land} price.',
  cash: 'Cash needed at closing',
  cashDetail: 'The {needed} to pay for ({parts}) less the {loan} loan. Closing costs are not included.',
  split: 'How the project’s {paid} is paid for',
  splitParts: ['Loan', 'Land equity', 'Cash at closing'],
};

/** Debt-to-income: labels and templates, as for MAXIMUM_LOAN_COPY. */
export const DEBT_TO_INCOME_COPY = {
  frontEnd: 'Front-end DTI (housing payment)',
  frontDetail: '{payment} a month ÷ {income} income.',
  backEnd: 'Back-end DTI (all monthly debts)',
  backDetail: '{debts} a month with the payment ÷ {income} income.',
  scale: 'Each bar runs from 0% to 100% of your income; the line marks our {max} maximum.',
  over: 'Over {max}',
  within: 'Within {max}',
  verdictWithin: 'Within our {max} maximum: {room} a month of room before your back-end ratio reaches it.',
  verdictOver:
    'Over our {max} maximum: your debts with this payment are {back} of your income. To reach {max}, pay {excess} less a month in debts or housing, or show a gross income of at least {needed} a month.',
  frontOver: 'The housing payment alone is {front} of your income, over {max} too.',
};

export type MaximumLoanCopy = typeof MAXIMUM_LOAN_COPY;
export type DebtToIncomeCopy = typeof DEBT_TO_INCOME_COPY;
