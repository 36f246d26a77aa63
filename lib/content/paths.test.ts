import { describe, expect, it } from 'vitest';
import { defaultContent } from './defaults';
import { getTextAt, parsePath, setTextAt } from './paths';

describe('inline edit paths', () => {
  it('reads texts in objects and lists', () => {
    expect(getTextAt(defaultContent, 'hero.subtitle')).toBe(defaultContent.hero.subtitle);
    expect(getTextAt(defaultContent, 'loanTypes.loans.0.features.1')).toBe(defaultContent.loanTypes.loans[0]!.features[1]);
    expect(getTextAt(defaultContent, 'pricing.plans.1.features.0.text')).toBe(defaultContent.pricing.plans[1]!.features[0]!.text);
  });

  it('finds nothing where there is no string', () => {
    expect(getTextAt(defaultContent, 'hero')).toBeUndefined();
    expect(getTextAt(defaultContent, 'hero.features')).toBeUndefined();
    expect(getTextAt(defaultContent, 'hero.features.99')).toBeUndefined();
    expect(getTextAt(defaultContent, 'testimonials.reviews.0.rating')).toBeUndefined();
    expect(getTextAt(defaultContent, 'hero.nope')).toBeUndefined();
    expect(getTextAt(defaultContent, 'hero.subtitle.length')).toBeUndefined();
  });

  it('refuses malformed and prototype paths', () => {
    for (const bad of ['', 'hero..title', '__proto__.x', 'hero.constructor', 'a.01', 'hero.title ', 'x'.repeat(121), 'a.-1'])
      expect(parsePath(bad), bad).toBeNull();
    expect(parsePath('loanTypes.loans.0.features.2')).toEqual(['loanTypes', 'loans', '0', 'features', '2']);
  });

  it('replaces one string in a copy, leaving the original untouched', () => {
    const next = setTextAt(defaultContent, 'loanTypes.loans.0.features.1', 'Changed');
    expect(next?.loanTypes.loans[0]!.features[1]).toBe('Changed');
    expect(next?.loanTypes.loans[0]!.features[0]).toBe(defaultContent.loanTypes.loans[0]!.features[0]);
    expect(defaultContent.loanTypes.loans[0]!.features[1]).not.toBe('Changed');
    expect(next?.hero).toEqual(defaultContent.hero);
  });

  it('never adds keys or changes types', () => {
    expect(setTextAt(defaultContent, 'hero.extra', 'x')).toBeNull();
    expect(setTextAt(defaultContent, 'hero.features.6', 'x')).toBeNull();
    expect(setTextAt(defaultContent, 'testimonials.reviews.0.rating', '5')).toBeNull();
    expect(setTextAt(defaultContent, '__proto__.polluted', 'x')).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
