import { describe, expect, it } from 'vitest';
import { clientAddress, CLIENT_ADDRESS_HEADER } from './client-address';
import { markLaunchedByServer } from '../runtime/launched-by-server';
import { isSameOrigin } from './origin';
import { adminCsp, publicCsp, servedOverHttps } from './security-headers';

describe('isSameOrigin', () => {
  const site = 'https://loans.example.com';
  const h = (init: Record<string, string>) => new Headers(init);
  it('accepts the host the request was sent to, or SITE_URL', () => {
    expect(isSameOrigin(h({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), site, false)).toBe(true);
    expect(isSameOrigin(h({ origin: site, host: 'internal:3000' }), site, false)).toBe(true);
  });
  it('refuses another origin, a missing one and null', () => {
    expect(isSameOrigin(h({ origin: 'https://evil.example', host: 'loans.example.com' }), site, false)).toBe(false);
    expect(isSameOrigin(h({ host: 'loans.example.com' }), site, false)).toBe(false);
    expect(isSameOrigin(h({ origin: 'null', host: 'loans.example.com' }), site, false)).toBe(false);
    expect(isSameOrigin(h({ origin: 'https://evil.example', host: 'x', 'x-forwarded-host': 'evil.example' }), site, false)).toBe(
      false,
    );
  });
});

describe('clientAddress', () => {
  it("believes the server's stamp only in a process the server started", () => {
    const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: '10.0.0.1', 'x-forwarded-for': '1.2.3.4' });
    expect(clientAddress(headers)).toBe('unknown');
    markLaunchedByServer();
    expect(clientAddress(headers)).toBe('10.0.0.1');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.2.3.4' }))).toBe('unknown');
  });
});

describe('security headers', () => {
  it('limits objects, base, framing and form targets in both policies', () => {
    for (const csp of [publicCsp(), adminCsp('abc')]) {
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    }
    expect(adminCsp('abc')).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(adminCsp('abc')).not.toContain('unsafe-eval');
  });
  it('sends HSTS only over https', () => {
    expect(servedOverHttps('http://localhost:3000', 'https', false)).toBe(false);
    expect(servedOverHttps('http://localhost:3000', 'https', true)).toBe(true);
    expect(servedOverHttps('https://loans.example.com', undefined, false)).toBe(true);
  });
});
