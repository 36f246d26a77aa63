import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, groupedSecret, matchTotp, otpauthUri, totpCode, timeStep } from './totp';

// RFC 6238, Appendix B: the SHA-1 rows, secret "12345678901234567890" (ASCII), 8 digits, T0 = 0, X = 30.
// https://www.rfc-editor.org/rfc/rfc6238#appendix-B
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 code at T = %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, timeStep(seconds * 1000), 8)).toBe(code);
    // Six digits are the same number's last six.
    expect(totpCode(RFC_SECRET, timeStep(seconds * 1000))).toBe(code.slice(2));
  });

  it('accepts the codes of the step before and after, not two steps away', () => {
    const now = 1111111111_000;
    const step = timeStep(now);
    for (const offset of [-1, 0, 1])
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBe(step + offset);
    for (const offset of [-2, 2]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBeNull();
  });

  it('refuses a code for a step at or before the last one accepted (a code works once)', () => {
    const now = 1234567890_000;
    const step = timeStep(now);
    const code = totpCode(RFC_SECRET, step);
    expect(matchTotp(RFC_SECRET, code, now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeNull();
    // An older code of the window is refused too once a newer one was used.
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses anything but six digits', () => {
    const now = 59_000;
    expect(matchTotp(RFC_SECRET, '94287082', now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, '28708', now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 test vectors) and builds the otpauth URI apps read', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(groupedSecret(RFC_SECRET)).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
    expect(otpauthUri({ secret: RFC_SECRET, issuer: 'Construction Loan Pros', account: 'admin' })).toBe(
      'otpauth://totp/Construction%20Loan%20Pros:admin?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Construction+Loan+Pros&algorithm=SHA1&digits=6&period=30',
    );
  });
});
