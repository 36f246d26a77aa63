import { describe, expect, it } from 'vitest';
import { normalEmail, normalPhone } from './address';

describe('addresses as consent records keep them', () => {
  it('trims and lower-cases e-mail addresses, and refuses what is not one', () => {
    expect(normalEmail('  Jane@Example.COM ')).toBe('jane@example.com');
    for (const bad of ['', 'jane', 'jane@', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`])
      expect(normalEmail(bad), bad).toBeNull();
  });

  it('reduces phone numbers to E.164, North American when no country code is given', () => {
    expect(normalPhone('(208) 555-0142')).toBe('+12085550142');
    expect(normalPhone('208.555.0142')).toBe('+12085550142');
    expect(normalPhone('1 208 555 0142')).toBe('+12085550142');
    expect(normalPhone('+12085550142')).toBe('+12085550142');
    expect(normalPhone('+44 20 7946 0958')).toBe('+442079460958');
    for (const bad of ['', '555-0142', '208-555-0142 ext 3', 'call me', '+1234', '2 208 555 0142'])
      expect(normalPhone(bad), bad).toBeNull();
  });
});
