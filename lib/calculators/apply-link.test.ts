import { describe, expect, it } from 'vitest';
import { applyLink } from './apply-link';

/** 'Apply with these numbers': /apply with the application's own field names and plain whole dollars. */
describe('applyLink', () => {
  it('prefills the loan amount from the construction calculators', () => {
    expect(applyLink('construction-interest', { amount: '400000', rate: '7.5', months: '12', draw: 'even', points: '1' })).toBe(
      '/apply?loanAmount=400000',
    );
    // Custom draws set the amount: their sum.
    expect(
      applyLink('construction-interest', {
        amount: '400000',
        rate: '7',
        months: '3',
        draw: 'custom',
        draws: '50000, 80000.50, 120000',
      }),
    ).toBe('/apply?loanAmount=250001');
    expect(applyLink('construction-to-permanent', { amount: '$412,345.49', rate: '6.75', years: '30', points: '0' })).toBe(
      '/apply?loanAmount=412345',
    );
  });

  it('prefills the loan, the build and the land from how much can I borrow', () => {
    const owned = {
      land: 'owned',
      landValue: '100000',
      landOwed: '20000',
      cost: '400000',
      value: '550000',
      ltc: '90',
      ltv: '80',
    };
    const params = new URLSearchParams(applyLink('maximum-loan', owned).split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      loanAmount: '420000',
      constructionCosts: '400000',
      ownLand: 'yes',
      landEstimatedValue: '100000',
      landBalance: '20000',
    });
    const buying = Object.fromEntries(
      new URLSearchParams(applyLink('maximum-loan', { ...owned, land: 'buying', landValue: '80000.5' }).split('?')[1]),
    );
    expect(buying).toMatchObject({
      ownLand: 'no',
      needLandLoan: 'yes',
      landSearchPriceRange: '80001',
      constructionCosts: '400000',
    });
    expect(buying).not.toHaveProperty('landBalance');
  });

  it('prefills income and monthly bills from debt-to-income', () => {
    expect(applyLink('debt-to-income', { income: '12000', debts: '800.49', payment: '2594.39' })).toBe(
      '/apply?monthlyIncome=12000&monthlyBills=800',
    );
  });

  it('gives the plain application when the numbers do not check out', () => {
    expect(applyLink('construction-to-permanent', { amount: 'lots', rate: '6.75', years: '30' })).toBe('/apply');
    expect(applyLink('debt-to-income', { income: '0', debts: '1', payment: '1' })).toBe('/apply');
  });
});
