import { describe, expect, it } from 'vitest';
import { holdsEmail, likeFragment, personEmailSchema, redactEmail } from './email-match';

describe('finding an e-mail address in stored text', () => {
  const email = personEmailSchema.parse('  Quill.Zephyr@Example.ORG ');

  it('normalizes the request to lower case and refuses what is no address', () => {
    expect(email).toBe('quill.zephyr@example.org');
    expect(personEmailSchema.safeParse('quill').success).toBe(false);
    expect(personEmailSchema.safeParse('').success).toBe(false);
    expect(personEmailSchema.safeParse(`${'a'.repeat(250)}@b.co`).success).toBe(false);
  });

  it('finds it in any case, standing on its own, in text and JSON', () => {
    expect(holdsEmail('QUILL.ZEPHYR@EXAMPLE.ORG', email)).toBe(true);
    expect(holdsEmail('Write to quill.zephyr@example.org.', email)).toBe(true);
    expect(holdsEmail('<Quill.Zephyr@example.org>', email)).toBe(true);
    expect(holdsEmail(JSON.stringify({ email: 'Quill.Zephyr@example.org' }), email)).toBe(true);
    for (const other of [
      'x.quill.zephyr@example.org',
      'quill.zephyr@example.organic',
      'quill.zephyr@example.org.uk',
      'aquill.zephyr@example.org',
    ])
      expect(holdsEmail(other, email), other).toBe(false);
    expect(holdsEmail(null, email)).toBe(false);
    expect(
      holdsEmail('Mary-Ann+loans@my-builder.example.com', personEmailSchema.parse('mary-ann+loans@my-builder.example.com')),
    ).toBe(true);
  });

  it('finds an address with quotes or a backslash inside JSON, where they are escaped', () => {
    const odd = personEmailSchema.parse('"o\\dd"@example.com');
    const json = JSON.stringify({ email: '"O\\dd"@Example.com' });
    expect(json).not.toContain(odd);
    expect(holdsEmail(json, odd)).toBe(true);
    expect(JSON.parse(redactEmail(json, odd))).toEqual({ email: '[e-mail deleted]' });
  });

  it('redacts every occurrence and nothing else', () => {
    expect(redactEmail('Cc Quill.Zephyr@example.org and x.quill.zephyr@example.org; quill.zephyr@EXAMPLE.org.', email)).toBe(
      'Cc [e-mail deleted] and x.quill.zephyr@example.org; [e-mail deleted].',
    );
  });

  it('narrows SQL by the longest plain run of the address', () => {
    expect(likeFragment(email)).toBe(email);
    expect(likeFragment('"o\\dd"@example.com')).toBe('@example.com');
    expect(likeFragment('ü@ö')).toBeNull();
  });
});
