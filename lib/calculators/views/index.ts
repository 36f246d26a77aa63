import type { CalculatorId } from '../registry';
import { constructionInterestResults } from './construction-interest';
import { constructionToPermanentResults } from './construction-to-permanent';
import { debtToIncomeResults } from './debt-to-income';
import { maximumLoanResults } from './maximum-loan';
import type { ResultsView } from './types';

/**
 * Every calculator's results view, for the server (the pages, the ad archive). The browser never
 * imports this list: each page's live script bundles its own view alone (../live/entries/).
 */
export const RESULTS_VIEWS: Record<CalculatorId, ResultsView> = {
  'construction-interest': constructionInterestResults,
  'construction-to-permanent': constructionToPermanentResults,
  'maximum-loan': maximumLoanResults,
  'debt-to-income': debtToIncomeResults,
};
