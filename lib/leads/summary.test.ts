import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT } from './fields';
import { fullApplication, fullApplicationSummary } from '../../tests/support/lead-data';
import { applicationSummary, leadMessage, leadSummary, formatUsd } from './summary';

describe('formatUsd', () => {
  it('formats en-US dollars without decimals, and $0 when empty', () => {
    expect(formatUsd('650000')).toBe('$650,000');
    expect(formatUsd('45000.50')).toBe('$45,001');
    expect(formatUsd('$1,250,000')).toBe('$1,250,000');
    expect(formatUsd('')).toBe('$0');
    expect(formatUsd(undefined)).toBe('$0');
    expect(formatUsd('abc')).toBe('$0');
  });
});

describe('application summary', () => {
  it('lists every field, with N/A for empty prepaids, owned properties and business', () => {
    expect(applicationSummary(fullApplication)).toBe(fullApplicationSummary);
  });

  it('prints the values when they are given', () => {
    const text = applicationSummary({
      ...fullApplication,
      prepaids: '6 months',
      ownedProperties: '1 rental',
      business: 'Solo LLC',
    });
    expect(text).toContain('Prepaids: 6 months');
    expect(text).toContain('Owned Properties: 1 rental');
    expect(text).toContain('Business: Solo LLC');
  });

  it('names the property’s state under its address when the visitor chose one, and nothing otherwise', () => {
    expect(applicationSummary({ ...fullApplication, propertyState: 'TX' })).toContain(
      `Property Address: ${fullApplication.propertyAddress}\nProperty State: Texas (TX)\n`,
    );
    // A posted value that names no state (the server refuses one; an old row may hold it) prints nothing.
    expect(applicationSummary({ ...fullApplication, propertyState: 'XX' })).toBe(fullApplicationSummary);
    expect(
      leadSummary('calculator', { name: 'Ana', email: 'ana@example.com', propertyState: 'NM' }).sections[0]!.rows,
    ).toContainEqual({
      label: 'Property State',
      value: 'New Mexico (NM)',
    });
  });
});

describe('leadMessage', () => {
  const base = { page: '/apply', createdAt: '2026-11-21T10:00:00.000Z', consent: null };

  it('sends an application from the borrower, with the summary, time, page and consent', () => {
    const message = leadMessage({
      ...base,
      kind: 'application',
      type: 'New Detailed Application',
      fields: fullApplication,
    });
    expect(message.fromName).toBe('Jane Builder');
    expect(message.fromEmail).toBe('jane@example.com');
    expect(message.subject).toBe('New Detailed Application: Jane Builder');
    expect(message.text).toBe(
      `${fullApplicationSummary}\n\n---\nSubmitted: 2026-11-21T10:00:00.000Z\nPage: /apply\nConsent to calls and texts: not given`,
    );
  });

  it('carries the contact, qualification and ebook fields', () => {
    const contact = leadMessage({
      ...base,
      kind: 'contact',
      type: 'Contact Form',
      fields: { from_name: 'Sam', from_email: 'sam@example.com', phone: '555', message: 'Call me about land.' },
      consent: { text: CONSENT_TEXT, at: '2026-11-21T10:00:00.000Z', page: '/contact' },
    });
    expect(contact.fromName).toBe('Sam');
    expect(contact.text).toContain('Name: Sam\nEmail: sam@example.com\nPhone: 555\n\nMessage:\nCall me about land.');
    expect(contact.text).toContain(`given 2026-11-21T10:00:00.000Z on /contact: "${CONSENT_TEXT}"`);

    const qualification = leadMessage({
      ...base,
      kind: 'qualification',
      type: 'Quick Qualification',
      fields: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        phone: '1',
        projectType: 'land',
        estimatedCost: '90000',
      },
    });
    expect(qualification.fromName).toBe('Ann Lee');
    expect(qualification.text).toContain('Project Type: Land Loan\nEstimated Cost: $90,000');

    const ebook = leadMessage({
      ...base,
      kind: 'ebook',
      type: 'Ebook Download',
      fields: { name: 'Bo', email: 'bo@example.com' },
    });
    expect(ebook.subject).toBe('Ebook Download: Bo');
    expect(ebook.text).toContain('Name: Bo\nEmail: bo@example.com');
  });
});
