import { describe, expect, it } from 'vitest';
import { filterQuery, leadFilterSchema, parseFilterParams } from './filter';

const cursor = { createdAt: '2026-11-21T11:35:00.000Z', id: '0193a5b2c3d4e5f60718293a4b5c6d7e' };
const param = `${cursor.createdAt}_${cursor.id}`;

describe("the Leads filter's keyset cursors", () => {
  it('reads older= and newer= as a lead’s time and id, and refuses anything else', () => {
    expect(leadFilterSchema.parse({ page: '2', older: param })).toMatchObject({ page: 2, older: cursor });
    expect(leadFilterSchema.parse({ page: '3', newer: param }).newer).toEqual(cursor);
    const bad = parseFilterParams(new URLSearchParams({ older: '2026-11-21_x', newer: `${cursor.createdAt}_a b` }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['older', 'Not a place in the list.'],
      ['newer', 'Not a place in the list.'],
    ]);
  });

  it('writes the cursor with its page, never on page 1 nor in the export, and Next over Previous', () => {
    expect(filterQuery({ kind: 'ebook', page: 2, older: cursor })).toBe(`kind=ebook&page=2&older=${encodeURIComponent(param)}`);
    expect(filterQuery({ page: 1, older: cursor, newer: cursor })).toBe('');
    expect(filterQuery({ page: 4, older: cursor, newer: cursor })).toBe(`page=4&older=${encodeURIComponent(param)}`);
    expect(filterQuery({ q: 'jane', page: 5, newer: cursor }, { page: false })).toBe('q=jane');
  });
});
