import { describe, expect, it } from 'vitest';
import { defaultContent } from './defaults';
import { fieldRules } from './field-rules';
import { contentSchema } from './schema';

/** Every number in the content tree, by path (list items at index 0), with its default value. */
function numberPaths(node: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof node === 'number') return [path];
  if (Array.isArray(node)) return node.length > 0 ? numberPaths(node[0], [...path, 0]) : [];
  if (typeof node === 'object' && node !== null)
    return Object.entries(node).flatMap(([key, child]) => numberPaths(child, [...path, key]));
  return [];
}

function withValue(path: (string | number)[], value: number): unknown {
  const copy = structuredClone(defaultContent) as unknown as Record<string | number, unknown>;
  let node = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const accepted = (path: (string | number)[], value: number) => contentSchema.safeParse(withValue(path, value)).success;

describe("the content editor's field rules", () => {
  const paths = numberPaths(defaultContent);

  it('give every number of the content the bounds the schema enforces on save', () => {
    expect(paths.map((path) => path.join('.'))).toEqual(
      expect.arrayContaining(['testimonials.reviews.0.rating', 'rates.example.loanAmount', 'calculators.pointsPercent']),
    );
    for (const path of paths) {
      const { min, max, step } = fieldRules(path);
      const where = path.join('.');
      expect(min, where).toBeTypeOf('number');
      expect(max, where).toBeTypeOf('number');
      expect(accepted(path, min!), `${where} at its minimum`).toBe(true);
      expect(accepted(path, max!), `${where} at its maximum`).toBe(true);
      expect(accepted(path, min! - 1), `${where} below its minimum`).toBe(false);
      expect(accepted(path, max! + 1), `${where} above its maximum`).toBe(false);
      // A whole-number field steps by one; a decimal one lets the browser take any value the schema takes.
      expect(step, where).toBe(accepted(path, min! + 0.5) ? 'any' : 1);
    }
  });

  it('carry the hints given in the schema, and none elsewhere', () => {
    expect(fieldRules(['hero', 'title']).hint).toMatch(/^Inline HTML allowed/);
    expect(fieldRules(['autoReply', 'postalAddress']).hint).toMatch(/^Required: no auto-reply goes out/);
    expect(fieldRules(['testimonials', 'reviews', 3, 'rating']).hint).toBe('A whole number from 1 to 5.');
    expect(fieldRules(['calculators', 'ltvPercent']).hint).toBeUndefined();
    expect(fieldRules(['hero', 'subtitle'])).toEqual({});
  });

  it('know nothing of a path the schema does not have', () => {
    expect(fieldRules(['hero', 'nothing'])).toEqual({});
    expect(fieldRules(['hero', 0])).toEqual({});
    expect(fieldRules(['testimonials', 'reviews', 'rating'])).toEqual({});
  });
});
