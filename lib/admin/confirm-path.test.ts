import { describe, expect, it } from 'vitest';
import { confirmPath, safeNext } from './confirm-path';

describe('the step-up confirmation goes back only to the admin', () => {
  it.each([
    ['/admin/leads?status=new', '/admin/leads?status=new'],
    ['/api/admin/leads/export?kind=contact', '/api/admin/leads/export?kind=contact'],
    ['/admin', '/admin'],
  ])('keeps %s', (next, kept) => expect(safeNext(next)).toBe(kept));

  it.each([
    ['https://evil.example/admin'],
    ['//evil.example/admin'],
    ['/\\evil.example/admin'],
    ['/admin\\@evil.example'],
    ['/login'],
    ['/administrator'],
    ['/api/auth/logout'],
    ['javascript:alert(1)'],
    [''],
    [null],
  ])('refuses %s for the dashboard', (next) => expect(safeNext(next)).toBe('/admin'));

  it('builds the confirmation address with the path encoded', () => {
    expect(confirmPath('/api/admin/leads/export?kind=contact&q=a b')).toBe(
      '/admin/confirm?next=%2Fapi%2Fadmin%2Fleads%2Fexport%3Fkind%3Dcontact%26q%3Da%2520b',
    );
  });
});
