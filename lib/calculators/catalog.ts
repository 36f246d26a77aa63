/**
 * The calculator pages that exist, in the order the index lists them (and the sitemap). A page's
 * id, path and title come from here; add a line when a calculator's page is built.
 * (INTERIM: titles and paths move to lib/calculators/registry.ts once it is on main.)
 */
export interface CalculatorEntry {
  id: string;
  path: string;
  title: string;
  /** One sentence for the index and the page's description. */
  summary: string;
}

export const CALCULATOR_PAGES: readonly CalculatorEntry[] = [
  {
    id: 'construction-interest',
    path: '/calculators/construction-interest',
    title: 'Interest during construction',
    summary: 'How much interest you pay while the house goes up, month by month as the builder draws the loan.',
  },
  {
    id: 'construction-to-permanent',
    path: '/calculators/construction-to-permanent',
    title: 'Payment after conversion',
    summary: 'Your monthly payment once the loan converts to a permanent mortgage, with the APR and total interest.',
  },
];
