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

  it('keeps the officer profile a link names, when it is a profile address (issue 31)', () => {
    expect(prefillFromQuery({ officer: 'jane-doe', loanAmount: '360000' })).toEqual({
      officer: 'jane-doe',
      loanAmount: '360000',
    });
    expect(prefillFromQuery({ officer: ['jane-doe', 'bo'] })).toEqual({ officer: 'jane-doe' });
    for (const officer of ['Jane Doe', '../x', '', 'a'.repeat(81)]) expect(prefillFromQuery({ officer }), officer).toEqual({});
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
    // The officer the application was begun with goes with the draft (issue 31).
    expect(cleanDraftValues({ officer: 'jane-doe' })).toEqual({ officer: 'jane-doe' });
    expect(cleanDraftValues({ officer: '<b>' })).toEqual({});
    expect(cleanDraftValues(null)).toEqual({});
    expect(cleanDraftValues('text')).toEqual({});
  });

  it('reads a step as 0 or 1 only', () => {
    expect([draftStep(1), draftStep('1'), draftStep(0), draftStep(2), draftStep('x')]).toEqual([1, 1, 0, 0, 0]);
  });
});
