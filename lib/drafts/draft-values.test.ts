import { describe, expect, it } from 'vitest';
import { cleanDraftValues, draftStep, prefillFromQuery } from './draft-values';

describe('prefillFromQuery', () => {
  it("takes the application's fields from a link: plain amounts, known options, capped text", () => {
    expect(
      prefillFromQuery({
        loanAmount: '360000',
        constructionCosts: '300000.50',
        ownLand: 'yes',
        builderStatus: 'owner-builder',
        buildStartDate: 'x'.repeat(500),
        landBalance: ['45000', '1'],
      }),
    ).toEqual({
      loanAmount: '360000',
      constructionCosts: '300000.50',
      ownLand: 'yes',
      builderStatus: 'owner-builder',
      buildStartDate: 'x'.repeat(200),
      landBalance: '45000',
    });
  });

  it('ignores what is not a plain amount, an unknown option or name, and the hidden fields', () => {
    expect(
      prefillFromQuery({
        loanAmount: '1e9',
        landBalance: '-5',
        monthlyIncome: '12,000',
        liquidAssets: '0x10',
        ownLand: 'maybe',
        loanType: 'balloon',
        consent: 'yes',
        company_website: 'bot',
        resume: 'token',
        unknown: '1',
      }),
    ).toEqual({});
  });
});

describe('cleanDraftValues', () => {
  it('keeps the fields and a ticked consent, drops everything else', () => {
    expect(cleanDraftValues({ email: 'a@b.c', consent: 'yes', fill_ms: '10', page: '/', creditScore: 760, ownLand: '' })).toEqual(
      {
        email: 'a@b.c',
        consent: 'yes',
      },
    );
    expect(cleanDraftValues({ consent: 'on' })).toEqual({});
    expect(cleanDraftValues(null)).toEqual({});
    expect(cleanDraftValues('text')).toEqual({});
  });

  it('reads a step as 0 or 1 only', () => {
    expect([draftStep(1), draftStep('1'), draftStep(0), draftStep(2), draftStep('x')]).toEqual([1, 1, 0, 0, 0]);
  });
});
