import { afterEach, describe, expect, it } from 'vitest';
import { engines, seededDatabases } from '../../tests/support/engines';
import { addRate, deleteRate, reorderRates, updateRate } from './mutations.server';
import { readRates, readRatesChangedAt } from './queries.server';
import { PLACEHOLDER_RATE, rateInputSchema } from './schema';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe.each(engines)('rate writes (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);
  it('adds a placeholder at the end, updates, reorders and deletes, moving ratesChangedAt every time', async () => {
    const db = await seeded();
    expect(await readRatesChangedAt(db)).toBe('2026-11-01T00:00:00.000Z');

    const added = await addRate(db, PLACEHOLDER_RATE, new Date('2026-11-02T00:00:00Z'));
    expect(added).toMatchObject({ type: 'New Rate', icon: 'Building', rateKind: 'fixed', position: 4 });
    expect(await readRatesChangedAt(db)).toBe('2026-11-02T00:00:00.000Z');

    const updated = await updateRate(
      db,
      added.id,
      { ...PLACEHOLDER_RATE, type: 'Jumbo', icon: 'Percent', rateKind: 'adjustable' },
      new Date('2026-11-03T00:00:00Z'),
    );
    expect(updated).toMatchObject({ type: 'Jumbo', icon: 'Percent', rateKind: 'adjustable' });
    expect(await readRatesChangedAt(db)).toBe('2026-11-03T00:00:00.000Z');
    expect(await updateRate(db, 'missing', PLACEHOLDER_RATE)).toBeNull();

    const reordered = await reorderRates(db, [added.id, 'rate-land'], new Date('2026-11-04T00:00:00Z'));
    expect(reordered.map((r) => r.type)).toEqual(['Jumbo', 'Land', 'Residential', 'Remodeling', 'Owner Builder']);
    expect(await readRatesChangedAt(db)).toBe('2026-11-04T00:00:00.000Z');

    expect(await deleteRate(db, added.id, new Date('2026-11-05T00:00:00Z'))).toBe(true);
    expect(await readRatesChangedAt(db)).toBe('2026-11-05T00:00:00.000Z');
    expect(await deleteRate(db, added.id)).toBe(false);
    expect((await readRates(db)).map((r) => r.type)).toEqual(['Land', 'Residential', 'Remodeling', 'Owner Builder']);
  });

  it('validates rate fields and icons', () => {
    expect(rateInputSchema.safeParse({ ...PLACEHOLDER_RATE, type: ' ' }).success).toBe(false);
    expect(rateInputSchema.safeParse({ ...PLACEHOLDER_RATE, icon: 'Rocket' }).success).toBe(false);
    expect(rateInputSchema.safeParse(PLACEHOLDER_RATE).success).toBe(true);
  });
});
