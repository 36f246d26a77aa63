import { describe, expect, it } from 'vitest';
import { attributionColumns, parseAttribution } from './touch';
import { touchOfVisit } from './visit';

const at = '2026-11-20T10:00:00.000Z';

describe('attribution', () => {
  it('keeps only known keys, cut to size, from untrusted JSON', () => {
    const parsed = parseAttribution(
      JSON.stringify({
        first: { utm_source: ' News\u0007 ', evil: 'x', landing: '/', at, referrer: 'A.COM' },
        last: { landing: 'no-slash', at },
      }),
    );
    expect(parsed).toEqual({ first: { utm_source: 'News', landing: '/', at, referrer: 'a.com' } });
    expect(parseAttribution('not json')).toEqual({});
    expect(parseAttribution(null)).toEqual({});
  });

  it("gives the columns: utm_source, else the referrer, else 'direct'", () => {
    expect(attributionColumns({})).toEqual({
      attribution: '{}',
      first_source: 'direct',
      last_source: 'direct',
      landing_page: '',
    });
    const first = { utm_source: 'News', landing: '/rates', at };
    const last = { referrer: 'partner.org', landing: '/', at };
    expect(attributionColumns({ first, last })).toMatchObject({
      first_source: 'news',
      last_source: 'partner.org',
      landing_page: '/rates',
    });
  });

  it('reads a visit: tags and an outside referrer tell, the own site (www or not) does not', () => {
    const now = new Date(at);
    const ownHosts = ['www.example.com', 'localhost:3000'];
    expect(touchOfVisit({ url: '/a?x=1', ownHosts, now })).toBeNull();
    expect(touchOfVisit({ url: '/a', referrer: 'https://example.com/b', ownHosts, now })).toBeNull();
    expect(touchOfVisit({ url: '/a', referrer: 'android-app://x', ownHosts, now })).toBeNull();
    expect(touchOfVisit({ url: '/a?fbclid=F&q=secret', referrer: 'https://m.facebook.com/', ownHosts, now })).toEqual({
      fbclid: 'F',
      referrer: 'm.facebook.com',
      landing: '/a',
      at,
    });
  });
});
