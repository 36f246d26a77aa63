import { describe, expect, it } from 'vitest';
import { missingRequired, REQUIRED } from './fields';
import { formValues, parseSubmission } from './schemas';
import { fullApplication } from '../../tests/support/lead-data';

describe('lead form schemas', () => {
  it('accepts a full application and keeps every field', () => {
    const parsed = parseSubmission('application', { ...fullApplication, page: '/apply', consent: 'yes', fill_ms: '8000' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields).toEqual(fullApplication);
    expect(parsed.meta).toEqual({ page: '/apply', consent: 'yes', honeypot: '', fillMs: 8000, focused: null });
  });

  it("requires the spec's section 5 fields, and nothing else", () => {
    const parsed = parseSubmission('application', {});
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual([...REQUIRED.application].sort());
    expect(parsed.fieldErrors.email).toBe('This field is required.');
  });

  it('rejects oversized values, unknown options and non-amounts with a message per field', () => {
    const parsed = parseSubmission('application', {
      ...fullApplication,
      projectDescription: 'x'.repeat(4001),
      loanType: 'balloon',
      loanAmount: 'lots',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      projectDescription: 'This is too long: at most 4000 characters.',
      loanType: 'Choose one of the options.',
      loanAmount: 'Enter an amount in dollars, e.g. 250000.',
    });
  });

  it('checks the ebook, contact and qualification forms', () => {
    expect(parseSubmission('ebook', { name: 'Bo', email: 'bo@example.com' }).ok).toBe(true);
    expect(parseSubmission('ebook', { name: 'Bo', email: '' }).ok).toBe(false);
    expect(parseSubmission('contact', { from_name: 'S', from_email: 's@example.com', message: 'Hi' }).ok).toBe(true);
    expect(parseSubmission('qualification', { firstName: 'A', lastName: 'L', email: 'a@example.com', phone: '1' }).ok).toBe(true);
    expect(
      parseSubmission('qualification', { firstName: 'A', lastName: 'L', email: 'a@example.com', phone: '1', projectType: 'x' })
        .ok,
    ).toBe(false);
  });

  it('falls back to a safe page path and ignores Next’s own action fields', () => {
    const data = new FormData();
    data.set('$ACTION_ID_abc', '');
    data.set('name', 'Bo');
    expect(formValues(data)).toEqual({ name: 'Bo' });
    const parsed = parseSubmission('ebook', { name: 'Bo', email: 'b@x', page: 'javascript:alert(1)' });
    expect(parsed.ok && parsed.meta.page).toBe('/');
  });

  it('reads the officer profile a form was sent from; anything else is dropped, never refused (issue 31)', () => {
    const ebook = { name: 'Bo', email: 'b@x' };
    const from = (officer: string) => {
      const parsed = parseSubmission('ebook', { ...ebook, officer });
      return parsed.ok ? parsed.meta.officer : 'refused';
    };
    expect(from('jane-doe')).toBe('jane-doe');
    for (const bad of ['', 'Jane', 'jane/../x', 'a'.repeat(81)]) expect(from(bad), bad).toBeUndefined();
  });

  it('finds blank required fields the way the browser check does', () => {
    const values: Record<string, string> = { projectDescription: ' ', constructionCosts: '1', loanAmount: '' };
    expect(missingRequired('applicationStep1', (n) => values[n] ?? '')).toEqual(['projectDescription', 'loanAmount']);
  });
});
