/**
 * The calculators' results as plain element trees (issue 32): one description of the markup, which
 * the server writes as HTML (./html.ts) and the browser builds as DOM (./dom.ts) at every keystroke,
 * with no React. So the figures a visitor sees before React, after it and without JavaScript come
 * from one set of view functions (../views/) and one engine. Attribute names are the HTML's own
 * (`class`, `tabindex`, `text-anchor`), never React's.
 */

export type Child = MarkupNode | string | number | null | undefined | false | readonly Child[];

export type Attributes = Record<string, string | number | boolean | null | undefined>;

export interface MarkupNode {
  tag: string;
  attributes: Attributes;
  children: Child[];
}

/** An element: `h('dd', { class: 'calc-value' }, '$2,594.39')`. */
export function h(tag: string, attributes: Attributes | null, ...children: Child[]): MarkupNode {
  return { tag, attributes: attributes ?? {}, children };
}

/** Calls `each` for every element and text of `children` in order, arrays flattened, empties skipped. */
export function forEachChild(children: readonly Child[], each: (child: MarkupNode | string) => void): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) forEachChild(child as readonly Child[], each);
    else each(typeof child === 'number' ? String(child) : (child as MarkupNode | string));
  }
}

/** An attribute's value as written, or null when it is left out (false, null, undefined). */
export function attributeText(value: Attributes[string]): string | null {
  if (value === false || value === null || value === undefined) return null;
  return value === true ? '' : String(value);
}
