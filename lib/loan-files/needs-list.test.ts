import { describe, expect, it } from 'vitest';
import { fullApplication } from '../../tests/support/lead-data';
import { NEED_TEMPLATES, needsListFor, needTemplate } from './needs-list';

const keys = (answers: Record<string, string>) => needsListFor(answers).map((t) => t.key);
const EVERYONE = ['photo-id', 'bank-statements', 'tax-returns', 'pay-stubs'];
const BUILDER = [
  'builder-license',
  'builder-insurance',
  'builder-w9',
  'construction-contract',
  'construction-budget',
  'plans-specs',
];

describe('needsListFor', () => {
  it('asks everyone for ID, bank statements, tax returns and pay stubs, and a form without the answers for no more', () => {
    expect(keys({})).toEqual(EVERYONE);
    expect(keys({ from_name: 'Bo', from_email: 'bo@example.com', message: 'Hi' })).toEqual(EVERYONE);
  });

  it('owns the land with a balance and has a builder: the deed, the payoff, then the builder’s documents, owed by the builder', () => {
    const list = needsListFor({ ...fullApplication, ownLand: 'yes', landBalance: '45000.50', builderStatus: 'have-builder' });
    expect(list.map((t) => t.key)).toEqual([...EVERYONE, 'land-deed', 'land-payoff', ...BUILDER]);
    expect(list.filter((t) => t.owedBy === 'builder').map((t) => t.key)).toEqual(BUILDER);
    expect(list.find((t) => t.key === 'builder-insurance')?.hasExpiry).toBe(true);
  });

  it('asks for the payoff only when a balance is owed, whatever the amount’s format', () => {
    const owns = { ownLand: 'yes', builderStatus: 'need-builder' };
    expect(keys({ ...owns, landBalance: '' })).toEqual([...EVERYONE, 'land-deed']);
    expect(keys({ ...owns, landBalance: '0' })).toEqual([...EVERYONE, 'land-deed']);
    expect(keys({ ...owns, landBalance: 'none' })).toEqual([...EVERYONE, 'land-deed']);
    expect(keys({ ...owns, landBalance: '$12,500' })).toEqual([...EVERYONE, 'land-deed', 'land-payoff']);
  });

  it('buying the land: the purchase contract, never the deed', () => {
    expect(keys({ ownLand: 'no', landBalance: '5000', builderStatus: 'need-builder' })).toEqual([
      ...EVERYONE,
      'land-purchase-contract',
    ]);
  });

  it('an owner-builder owes their résumé, license, budget and plans themselves; self-employed adds business returns', () => {
    const list = needsListFor({ ...fullApplication, business: 'Builder LLC', ownLand: 'no' });
    expect(list.map((t) => t.key)).toEqual([
      ...EVERYONE,
      'business-tax-returns',
      'land-purchase-contract',
      'owner-builder-resume',
      'owner-builder-license',
      'owner-builder-budget',
      'owner-builder-plans',
    ]);
    expect(list.every((t) => t.owedBy === 'borrower')).toBe(true);
  });

  it('a business name of spaces is not self-employment', () => {
    expect(keys({ business: '   ' })).toEqual(EVERYONE);
  });

  it('gives every template a unique key, a label and a note, and finds each by its key', () => {
    const all = Object.values(NEED_TEMPLATES).flat();
    expect(new Set(all.map((t) => t.key)).size).toBe(all.length);
    for (const template of all) {
      expect(template.label.length).toBeGreaterThan(0);
      expect(template.note.length).toBeGreaterThan(0);
      expect(needTemplate(template.key)).toBe(template);
    }
    expect(needTemplate(null)).toBeUndefined();
    expect(needTemplate('gone')).toBeUndefined();
  });
});

describe('needsListFor with the owner’s overrides', () => {
  const answers = { ...fullApplication, ownLand: 'no', builderStatus: 'have-builder' };

  it('leaves out a template switched off and keeps the others in their order', () => {
    const list = needsListFor(answers, { 'builder-w9': { label: "Builder's W-9", note: '', off: true } });
    expect(list.map((t) => t.key)).toEqual(
      needsListFor(answers)
        .filter((t) => t.key !== 'builder-w9')
        .map((t) => t.key),
    );
  });

  it('uses a changed label and note, keeping the key, who owes it and its expiry', () => {
    const list = needsListFor(answers, {
      'builder-insurance': { label: 'Certificate of insurance', note: 'Naming us as insured.', off: false },
    });
    expect(list.find((t) => t.key === 'builder-insurance')).toEqual({
      key: 'builder-insurance',
      label: 'Certificate of insurance',
      note: 'Naming us as insured.',
      owedBy: 'builder',
      hasExpiry: true,
    });
    expect(list.find((t) => t.key === 'photo-id')?.label).toBe('Photo ID');
  });

  it('ignores overrides of keys it does not have, and inherited names', () => {
    const overrides = JSON.parse('{"gone":{"label":"X","note":"","off":true},"__proto__":{"off":true}}');
    expect(needsListFor(answers, overrides)).toEqual(needsListFor(answers));
  });
});
