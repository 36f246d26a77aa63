import { describe, expect, it } from 'vitest';
import { leadAdminPath, leadAlertText } from './push-alert';

describe('a lead push alert', () => {
  it('names the kind, the person and the loan amount of an application', () => {
    expect(leadAlertText({ kind: 'application', name: 'Jane Builder', fields: { loanAmount: '695000.40' } })).toEqual({
      title: 'New lead: Detailed application',
      body: 'Jane Builder · $695,000',
    });
  });

  it("uses the quick form's project cost, and leaves the amount out when none was given", () => {
    expect(leadAlertText({ kind: 'qualification', name: 'Pat Rivera', fields: { estimatedCost: '450,000' } }).body).toBe(
      'Pat Rivera · $450,000',
    );
    expect(leadAlertText({ kind: 'qualification', name: 'Pat Rivera', fields: { estimatedCost: ' ' } }).body).toBe('Pat Rivera');
    expect(leadAlertText({ kind: 'contact', name: 'Ann', fields: { message: 'I owe $1,000,000' } })).toEqual({
      title: 'New lead: Contact form',
      body: 'Ann',
    });
  });

  it('says so when there is no name, and links to the lead', () => {
    expect(leadAlertText({ kind: 'ebook', name: '  ', fields: {} }).body).toBe('No name given');
    expect(leadAdminPath('0193abc')).toBe('/admin/leads?lead=0193abc');
  });
});
