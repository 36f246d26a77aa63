import { describe, expect, it } from 'vitest';
import { isPlanId, priceToCents } from './plans';

describe('payment plans', () => {
  it('accepts only the content plan ids', () => {
    expect(isPlanId('standard')).toBe(true);
    expect(isPlanId('jumbo')).toBe(true);
    expect(isPlanId('premium')).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
    expect(isPlanId(['standard'])).toBe(false);
  });

  it('turns the displayed price into cents', () => {
    expect(priceToCents('$495')).toBe(49500);
    expect(priceToCents('$995')).toBe(99500);
    expect(priceToCents('$1,250.5 one-time')).toBe(125050);
    expect(priceToCents('Free')).toBeNull();
    expect(priceToCents('$0')).toBeNull();
  });
});
