import { describe, expect, it } from 'vitest';
import { nextTurns } from './routing-turns';

describe('nextTurns', () => {
  it('takes turns in id order from the first when no lead of the state was routed yet', () => {
    expect(nextTurns(['b-officer', 'a-officer'], null, 5)).toEqual([
      'a-officer',
      'b-officer',
      'a-officer',
      'b-officer',
      'a-officer',
    ]);
  });

  it('starts after the last turn and wraps around after the last account', () => {
    expect(nextTurns(['a', 'b', 'c'], 'a', 4)).toEqual(['b', 'c', 'a', 'b']);
    expect(nextTurns(['a', 'b', 'c'], 'c', 2)).toEqual(['a', 'b']);
  });

  it('hands the turn of an officer no longer in the list (away, or no longer licensed) to the next one', () => {
    expect(nextTurns(['a', 'c'], 'b', 3)).toEqual(['c', 'a', 'c']);
    expect(nextTurns(['a', 'c'], 'z', 1)).toEqual(['a']);
  });

  it('gives every turn to a lone officer', () => {
    expect(nextTurns(['only'], 'only', 3)).toEqual(['only', 'only', 'only']);
  });

  it('orders ids by code point, not by locale, and counts a repeated id once', () => {
    // A locale puts 'admin' after 'Zed'; code points put 'Zed' first (upper case before lower).
    expect(nextTurns(['admin', 'Zed', 'admin'], null, 3)).toEqual(['Zed', 'admin', 'Zed']);
    expect(nextTurns(['0196f1', 'admin', '0196e9'], '0196f1', 2)).toEqual(['admin', '0196e9']);
  });

  it('gives no turn when none is asked for, and refuses an empty list', () => {
    expect(nextTurns(['a'], null, 0)).toEqual([]);
    expect(() => nextTurns([], null, 1)).toThrow('at least one account');
  });
});
