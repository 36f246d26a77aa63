import { describe, expect, it } from 'vitest';
import { leadSummary, summaryText } from './summary';
import { linesText, textLines } from './calculator-lead';

describe('calculator lead fields', () => {
  it('keep lines as "Label: value" text and read them back', () => {
    const lines = [
      { label: 'Loan amount', value: '$400,000.00' },
      { label: 'APR', value: '7.012%' },
      { label: 'Draws', value: '$1,000.00, $2,000.00\n(custom)' },
    ];
    const text = linesText(lines);
    expect(text).toBe('Loan amount: $400,000.00\nAPR: 7.012%\nDraws: $1,000.00, $2,000.00 (custom)');
    expect(textLines(text)).toEqual([lines[0], lines[1], { label: 'Draws', value: '$1,000.00, $2,000.00 (custom)' }]);
    expect(textLines(undefined)).toEqual([]);
  });

  it('summarise the estimate for the broker, the dialog and the CSV', () => {
    const text = summaryText(
      leadSummary('calculator', {
        email: 'sam@example.com',
        name: 'Sam',
        calculator: 'construction-to-permanent',
        calculatorTitle: 'Construction-to-Permanent Payment Calculator',
        link: '/calculators/construction-to-permanent?amount=400000&rate=6.75&years=30',
        inputs: 'Loan amount: $400,000.00\nInterest rate: 6.75%',
        results: 'Monthly principal and interest: $2,594.39\nAPR: 6.750%',
        terms: '360 monthly payments of $2,594.39',
      }),
    );
    expect(text).toBe(
      [
        'New Calculator Estimate Request',
        '',
        'Name: Sam',
        'Email: sam@example.com',
        'Calculator: Construction-to-Permanent Payment Calculator',
        'Estimate link: /calculators/construction-to-permanent?amount=400000&rate=6.75&years=30',
        '',
        'INPUTS',
        'Loan amount: $400,000.00',
        'Interest rate: 6.75%',
        '',
        'RESULTS',
        'Monthly principal and interest: $2,594.39',
        'APR: 6.750%',
        '',
        'TERMS ASSUMED',
        '',
        'Terms:',
        '360 monthly payments of $2,594.39',
      ].join('\n'),
    );
  });
});
