import { describe, expect, it } from 'vitest';
import { isArchivePath, momentInput, parseExportQuery, parseMoment, parseViewQuery } from './query';

describe('the archive’s query strings', () => {
  it('reads a datetime-local value as UTC, and an ISO time in its own zone', () => {
    expect(parseMoment('2026-11-26T14:00')).toBe('2026-11-26T14:00:00.000Z');
    expect(parseMoment('2026-11-26T14:00:05')).toBe('2026-11-26T14:00:05.000Z');
    expect(parseMoment('2026-11-26T14:00:05.5')).toBe('2026-11-26T14:00:05.500Z');
    expect(parseMoment('2026-11-26T14:00:00.000Z')).toBe('2026-11-26T14:00:00.000Z');
    expect(parseMoment('2026-11-26T09:00:00-05:00')).toBe('2026-11-26T14:00:00.000Z');
    expect(momentInput('2026-11-26T14:00:05.500Z')).toBe('2026-11-26T14:00:05');
  });

  it('refuses what is no moment rather than guessing', () => {
    for (const value of [
      '',
      'yesterday',
      '2026-11-26',
      '2026-02-30T10:00',
      '2026-11-26T25:00',
      '1999-12-31T23:59',
      42,
      undefined,
    ])
      expect(parseMoment(value), String(value)).toBeNull();
  });

  it('takes only the archived pages’ paths', () => {
    for (const path of [
      '/',
      '/rates',
      '/licenses',
      '/blog',
      '/blog/draw-schedules-explained',
      '/team',
      '/team/jane-doe',
      '/calculators',
      '/calculators/maximum-loan',
    ])
      expect(isArchivePath(path)).toBe(true);
    for (const path of [
      '',
      '/admin',
      '/blog/',
      '/blog/../admin',
      '/blog/UPPER',
      'https://example.com/',
      '/rates?x=1',
      '/team/',
      '/team/../admin',
      '/team/Jane',
      '/calculators/',
      '/calculators/maximum-loan?amount=1',
      '/calculators/unknown',
    ])
      expect(isArchivePath(path), path).toBe(false);
  });

  it('a view needs one moment and one page; an export a range in order', () => {
    expect(parseViewQuery({ at: '2026-11-26T14:00', page: '/rates' })).toEqual({
      at: '2026-11-26T14:00:00.000Z',
      path: '/rates',
    });
    expect(parseViewQuery({ at: ['2026-11-26T14:00', '2026-11-27T14:00'], page: '/rates' })).toHaveProperty('error');
    expect(parseViewQuery({ at: '2026-11-26T14:00', page: '/admin' })).toHaveProperty('error');
    expect(parseExportQuery(new URLSearchParams('from=2026-11-01T00:00&to=2026-11-30T00:00'))).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
    });
    expect(parseExportQuery(new URLSearchParams('from=2026-11-30T00:00&to=2026-11-01T00:00'))).toEqual({
      error: 'The start of the range is after its end.',
    });
    expect(parseExportQuery(new URLSearchParams('from=2026-11-30T00:00'))).toHaveProperty('error');
  });
});
