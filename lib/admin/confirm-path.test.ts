import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmPath, safeNext } from './confirm-path';

const SITE = 'https://loans.example.com';

/** Where a browser on the confirmation page goes when its script calls `location.assign(next)`. */
function destination(next: string): URL {
  return new URL(next, `${SITE}/admin/confirm?next=x`);
}

/** What every answer must be, whatever was asked: a path of this site's admin or its admin routes. */
function expectAdminPath(next: string) {
  const url = destination(next);
  expect(url.origin, next).toBe(SITE);
  expect(url.pathname, next).toMatch(/^\/(admin|api\/admin)(\/|$)/);
  expect(next, next).toMatch(/^\/(admin|api\/admin)(\/|\?|$)/);
}

describe('the step-up confirmation goes back only to the admin', () => {
  it.each([
    ['/admin/leads?status=new', '/admin/leads?status=new'],
    ['/api/admin/leads/export?kind=contact', '/api/admin/leads/export?kind=contact'],
    ['/api/admin/leads/export?q=a%2Fb%5Cc', '/api/admin/leads/export?q=a%2Fb%5Cc'],
    ['/admin', '/admin'],
    ['/admin/security#team', '/admin/security'],
  ])('keeps %s', (next, kept) => expect(safeNext(next)).toBe(kept));

  // Each is refused, or normalised into the admin: never a path a browser reads as another host.
  it.each([
    // Other sites, written every way a browser accepts.
    ['https://evil.example/admin'],
    ['http://evil.example/admin'],
    ['//evil.example/admin'],
    ['///evil.example/admin'],
    ['/\\evil.example/admin'],
    ['\\\\evil.example/admin'],
    ['/\t/evil.example/admin'],
    ['/\n/evil.example/admin'],
    ['\t//evil.example/admin'],
    ['/admin\\@evil.example'],
    ['https:evil.example/admin'],
    ['https:/evil.example/admin'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(document.cookie)//admin'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/admin@evil.example'],
    // Dot segments that climb out of /admin once resolved (the measured finding) and their kin.
    ['/admin/..//evil.example/login'],
    ['/admin/%2e%2e//evil.example/login'],
    ['/admin/%2E%2E//evil.example/login'],
    ['/admin/.%2e//evil.example/login'],
    ['/admin/%2e./%2fevil.example'],
    ['/admin/../\\evil.example/login'],
    ['/admin/..\\/evil.example/login'],
    ['/admin/../../evil.example'],
    ['/admin/../login'],
    ['/admin/../api/auth/logout'],
    ['/api/admin/../../evil.example'],
    ['/admin/%2e%2e/%2e%2e//evil.example'],
    ['/admin/..%2f..%2f/evil.example'],
    ['/admin/%2f%2fevil.example'],
    ['/admin/%5c%5cevil.example'],
    ['/admin/..%5c..%5cevil.example'],
    ['/admin/\t..//evil.example'],
    ['/admin/.\n.//evil.example'],
    // Unicode look-alikes of dots and slashes.
    ['/admin/\u2025/evil.example'],
    ['/admin/\uff0e\uff0e//evil.example'],
    ['/admin/\u3002\u3002//evil.example'],
    ['/admin/\uff0f\uff0fevil.example'],
    ['/admin/\u0000..//evil.example'],
    // Not the admin.
    ['/login'],
    ['/administrator'],
    ['/api/auth/logout'],
    ['/api/administrator'],
    ['admin/leads'],
    [''],
    [' '],
    [null],
    [undefined],
    // Very long.
    [`/admin/${'a'.repeat(5000)}`],
    [`/admin/${'../'.repeat(2000)}/evil.example`],
  ])('never leaves the admin for %j', (next) => {
    const kept = safeNext(next);
    expectAdminPath(kept);
    expect(destination(kept).host).toBe('loans.example.com');
  });

  it('answers the dashboard for the measured trick, with or without encoded dots', () => {
    expect(safeNext('/admin/..//evil.example/login')).toBe('/admin');
    expect(safeNext('/admin/%2e%2e//evil.example/login')).toBe('/admin');
  });

  it('never answers a path outside the admin, whatever is built from the pieces of these tricks', () => {
    const piece = fc.constantFrom(
      ...['/', '//', '\\', '.', '..', '%2e', '%2E', '%2f', '%5c', '%252e', '\t', '\n', '\r', '@', ':', '?', '#'],
      ...['admin', 'api', 'evil.example', 'https:', 'javascript:', '\u2025', '\uff0e', '\uff0f'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expectAdminPath(safeNext(pieces.join('')));
        expectAdminPath(safeNext(`/admin/${pieces.join('')}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('builds the confirmation address with the path encoded', () => {
    expect(confirmPath('/api/admin/leads/export?kind=contact&q=a b')).toBe(
      '/admin/confirm?next=%2Fapi%2Fadmin%2Fleads%2Fexport%3Fkind%3Dcontact%26q%3Da%2520b',
    );
  });
});
