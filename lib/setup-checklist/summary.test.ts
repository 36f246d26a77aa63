import { describe, expect, it } from 'vitest';
import { SETUP_ITEM_IDS, SETUP_ITEMS, isSetupItemId, type SetupItemId } from './items';
import { progressText, summarize, type SetupItemFact } from './summary';

const facts = (done: readonly SetupItemId[] = []) =>
  Object.fromEntries(SETUP_ITEM_IDS.map((id) => [id, { done: done.includes(id), at: null }])) as Record<
    SetupItemId,
    SetupItemFact
  >;

describe('the setup checklist', () => {
  it('defines each item once, in the order of the ids, each with a place to do it but the backups', () => {
    expect(SETUP_ITEMS.map((item) => item.id)).toEqual([...SETUP_ITEM_IDS]);
    expect(SETUP_ITEMS.filter((item) => item.link === null).map((item) => item.id)).toEqual(['backups']);
    for (const item of SETUP_ITEMS) expect(item.link?.href ?? '/admin').toMatch(/^\/admin(\/|$)/);
    expect(isSetupItemId('licenses')).toBe(true);
    expect(isSetupItemId('constructor')).toBe(false);
  });

  it('counts done, skipped and open items; done wins over skipped', () => {
    const list = summarize(facts(['password', 'licenses']), new Set<SetupItemId>(['licenses', 'backups']));
    expect(list.items.map((item) => [item.id, item.status])).toEqual([
      ['password', 'done'],
      ['two-factor', 'todo'],
      ['email', 'todo'],
      ['postal-address', 'todo'],
      ['licenses', 'done'],
      ['site-url', 'todo'],
      ['backups', 'skipped'],
    ]);
    expect(list).toMatchObject({ done: 2, skipped: 1, open: 4, total: 7 });
    expect(progressText(list)).toBe('2 of 7 done, 1 skipped');
    expect(progressText(summarize(facts(['email']), new Set()))).toBe('1 of 7 done');
  });

  it('has nothing open once every item is done or skipped', () => {
    const all = summarize(facts(SETUP_ITEM_IDS.filter((id) => id !== 'backups')), new Set<SetupItemId>(['backups']));
    expect(all).toMatchObject({ done: 6, skipped: 1, open: 0 });
  });
});
