import { describe, expect, it } from 'vitest';
import { formatMetric, rating } from './metrics';
import { measuredPage } from './pages';
import { parseReport, reportedMetrics } from './report';

const valid = { id: '0123456789abcdef0123456789abcdef', path: '/', device: 'mobile', connection: '4g', metrics: { LCP: 1200.5 } };
const parse = (body: unknown) => parseReport(JSON.stringify(body));

describe('a Web Vitals report', () => {
  it('is accepted with known metrics and finite values within bounds', () => {
    const report = { ...valid, metrics: { LCP: 1200.5, INP: 0, CLS: 0.013, FCP: 800, TTFB: 120 } };
    const parsed = parse(report);
    expect(parsed).toEqual({ ok: true, report });
    expect(parsed.ok && reportedMetrics(parsed.report)).toEqual([
      ['LCP', 1200.5],
      ['INP', 0],
      ['CLS', 0.013],
      ['FCP', 800],
      ['TTFB', 120],
    ]);
  });

  it.each([
    ['not JSON', '{"id":', 'The report is not JSON.'],
    ['a list', '[1]', 'The report must be a JSON object.'],
    ['an unknown metric', JSON.stringify({ ...valid, metrics: { FID: 12 } }), 'Invalid report: unknown metric FID.'],
    [
      'a sixth metric',
      JSON.stringify({ ...valid, metrics: { LCP: 1, INP: 1, CLS: 0, FCP: 1, TTFB: 1, TBT: 1 } }),
      'Invalid report: unknown metric TBT.',
    ],
    ['no metric', JSON.stringify({ ...valid, metrics: {} }), 'Invalid report: metrics must hold at least one metric.'],
    ['a negative value', JSON.stringify({ ...valid, metrics: { INP: -1 } }), 'Invalid report: INP must not be negative.'],
    ['an absurd value', JSON.stringify({ ...valid, metrics: { CLS: 11 } }), 'Invalid report: CLS must be at most 10.'],
    ['a value as text', JSON.stringify({ ...valid, metrics: { LCP: '1200' } }), 'Invalid report: LCP must be a finite number.'],
    ['NaN (sent as null)', JSON.stringify({ ...valid, metrics: { LCP: NaN } }), 'Invalid report: LCP must be a finite number.'],
    ['an unknown field', JSON.stringify({ ...valid, userAgent: 'x' }), 'Invalid report: unknown field userAgent.'],
    [
      'a made-up id',
      JSON.stringify({ ...valid, id: 'visitor-42' }),
      'Invalid report: id must be the page view’s random id (32 hex digits).',
    ],
    ['an unknown device', JSON.stringify({ ...valid, device: 'tv' }), 'Invalid report: device must be one of mobile, desktop.'],
    [
      'an unknown connection',
      JSON.stringify({ ...valid, connection: 'wifi' }),
      'Invalid report: connection must be one of slow-2g, 2g, 3g, 4g, unknown.',
    ],
  ])('is refused with %s', (_case, body, message) => {
    expect(parseReport(body)).toEqual({ ok: false, status: message.startsWith('Invalid') ? 422 : 400, message });
  });
});

describe('the page of a report', () => {
  it.each([
    ['/', '/'],
    ['/rates', '/rates'],
    ['/rates/', '/rates'],
    ['/rates?payment_error=1#plans', '/rates'],
    ['/apply', '/apply'],
    ['/blog/owner-builder-loans-explained?ref=x', '/blog/owner-builder-loans-explained'],
  ])('%s counts as %s', (raw, path) => {
    expect(measuredPage(raw)?.path).toBe(path);
  });

  it('names the post to look up', () => {
    expect(measuredPage('/blog/a-post')).toEqual({ path: '/blog/a-post', postSlug: 'a-post' });
    expect(measuredPage('/ebook')).toEqual({ path: '/ebook', postSlug: null });
  });

  it.each([
    '',
    '/admin',
    '/admin/leads',
    '/login',
    '/api/vitals',
    '/blog/rss.xml',
    '/blog/A-Post',
    '/blog/a/b',
    '/Rates',
    'https://evil.example/',
  ])('refuses %j', (raw) => {
    expect(measuredPage(raw)).toBeNull();
  });
});

describe("Google's thresholds", () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500.1, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
  ] as const)('%s %d is %s', (metric, value, expected) => {
    expect(rating(metric, value)).toBe(expected);
  });

  it('shows page loads in seconds, INP in milliseconds and CLS as a score', () => {
    expect([
      formatMetric('LCP', 2345),
      formatMetric('INP', 183.6),
      formatMetric('CLS', 0.0312),
      formatMetric('TTFB', 90),
    ]).toEqual(['2.35 s', '184 ms', '0.03', '0.09 s']);
  });
});
