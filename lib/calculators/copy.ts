/**
 * The fixed words of the calculators' results: the pages hand them to their live half as props,
 * so they travel once in the page (HTML and its RSC payload) instead of in each calculator's
 * script, which the JS budget counts (tests/e2e/js-budget.spec.ts: 15 KB over an empty page).
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
