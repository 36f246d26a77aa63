import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import { estimateMessage } from './estimate-email';

const lead = {
  name: '',
  email: 'dee@example.com',
  createdAt: '2026-11-23T04:00:00.000Z',
  fields: {
    calculatorTitle: 'Debt-to-Income (DTI) Calculator',
    link: '/calculators/debt-to-income?income=12000&debts=800&payment=2594.39',
    inputs: 'Gross monthly income: $12,000.00',
    results: 'Back-end DTI (all debts): 28.29%',
  },
};
const links = { siteUrl: 'https://loans.example', apply: '/apply?monthlyIncome=12000&monthlyBills=800' };

describe('the estimate e-mail', () => {
  it('sends the numbers, the links, the disclaimer and the sign-off to the visitor', () => {
    const message = estimateMessage(lead, defaultContent, links);
    expect(message).toMatchObject({
      to: 'dee@example.com',
      subject: 'Your Debt-to-Income (DTI) Calculator estimate from Construction Loan Pros',
      fromEmail: defaultContent.contact.email,
    });
    expect(message.text).toMatch(
      /^Hello,\n\nHere is the estimate you asked for on November 23, 2026, from our Debt-to-Income \(DTI\) Calculator\./,
    );
    expect(message.text).toContain('Your numbers:\n  Gross monthly income: $12,000.00');
    expect(message.text).toContain('Your estimate:\n  Back-end DTI (all debts): 28.29%');
    expect(message.text).toContain('https://loans.example/apply?monthlyIncome=12000&monthlyBills=800');
    expect(message.text).toContain('not an offer of credit');
    expect(message.text).toContain('Construction Loan Pros\nNMLS ID 1234567\n1-800-555-0199 · loans@example.com');
    expect(message.text).not.toContain('Terms assumed');
  });

  it('adds the postal address once the owner has entered it', () => {
    const content = {
      ...defaultContent,
      autoReply: { ...defaultContent.autoReply, postalAddress: '100 Main Street, Boise, ID' },
    };
    expect(estimateMessage({ ...lead, name: 'Dee' }, content, links).text).toContain('Hello Dee,');
    expect(estimateMessage(lead, content, links).text).toContain('NMLS ID 1234567\n100 Main Street, Boise, ID\n');
  });

  it('is signed by the lead’s officer, with their NMLS ID beside the company’s (issue 31)', () => {
    const officer = { displayName: 'Jane Doe', nmlsId: '654321', title: '', phone: '' };
    expect(estimateMessage(lead, defaultContent, links, officer).text).toContain(
      'Jane Doe\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567\n1-800-555-0199 · loans@example.com',
    );
  });
});
