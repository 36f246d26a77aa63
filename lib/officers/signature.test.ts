import { describe, expect, it } from 'vitest';
import { officerSignature, signedText } from './signature';

const company = { legalName: 'Construction Loan Pros', nmlsId: '1234567' };
const jane = { displayName: 'Jane Doe', nmlsId: '654321', title: 'Senior Loan Officer', phone: '208-555-0142' };

describe('an officer’s sign-off', () => {
  it('names the officer with their NMLS ID, then the company with its own', () => {
    expect(officerSignature(jane, company)).toEqual([
      'Jane Doe, Senior Loan Officer',
      'NMLS ID 654321',
      'Direct: 208-555-0142',
      'Construction Loan Pros, NMLS ID 1234567',
    ]);
  });

  it('leaves out the title and phone when the profile has none', () => {
    expect(officerSignature({ ...jane, title: '', phone: '' }, company)).toEqual([
      'Jane Doe',
      'NMLS ID 654321',
      'Construction Loan Pros, NMLS ID 1234567',
    ]);
  });

  it('follows a message’s text after a blank line, and changes nothing without an officer', () => {
    expect(signedText('Hello.\n', ['A', 'B'])).toBe('Hello.\n\nA\nB\n');
    expect(signedText('Hello.', null)).toBe('Hello.');
  });
});
