import { describe, expect, it } from 'vitest';
import { securityTxt } from './security-txt';

describe('security.txt', () => {
  it('names the contact, an Expires less than a year ahead, the language and its canonical address', () => {
    const text = securityTxt({
      email: 'loans@example.com',
      siteUrl: 'https://www.example.com',
      now: new Date('2026-11-22T21:50:00.000Z'),
    });
    expect(text).toBe(
      [
        'Contact: mailto:loans@example.com',
        'Expires: 2027-11-17T00:00:00Z',
        'Preferred-Languages: en',
        'Canonical: https://www.example.com/.well-known/security.txt',
        '',
      ].join('\n'),
    );
  });

  it('gives the same Expires all day, and a later one the next day', () => {
    const at = (iso: string) =>
      /Expires: (.*)/.exec(securityTxt({ email: 'a@example.com', siteUrl: '', now: new Date(iso) }))![1];
    expect(at('2026-11-22T00:00:00.000Z')).toBe(at('2026-11-22T23:59:59.999Z'));
    expect(at('2026-11-23T00:00:00.000Z')).toBe('2027-11-18T00:00:00Z');
  });
});
