import { describe, expect, it } from 'vitest';
import { leadEndpoint, leadKindOfPath } from './endpoint';

describe('lead endpoint paths', () => {
  it('names one endpoint per form kind', () => {
    expect(leadEndpoint('contact')).toBe('/api/leads/contact');
    expect(leadKindOfPath('/api/leads/application')).toBe('application');
    expect(leadKindOfPath('/api/leads/ebook?from=modal')).toBe('ebook');
  });

  it('knows no other path', () => {
    for (const path of [
      '/api/leads/',
      '/api/leads/payment',
      '/api/leads/contact/x',
      '/api/leads/toString',
      '/contact',
      '/api/admin/leads',
    ])
      expect(leadKindOfPath(path)).toBeNull();
  });
});
