import { attributeText, type Child, type MarkupNode } from './node';

/** The markup as HTML, every text and attribute escaped: what the server writes into the page. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const SPECIAL = /[&<>"]/;
// Most texts and attributes have nothing to escape: testing first spares a copy of each.
const escape = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text);

/** HTML's void elements the markup uses (the calculator forms, lib/calculators/body/): never given children. */
const VOID = new Set(['input']);

/**
 * Written into one string as the tree is walked (the server writes a calculator's body for every
 * query it answers, lib/calculators/body/query-page.ts, so this runs once per request).
 */
function write(children: readonly Child[], out: { html: string }): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) write(child as readonly Child[], out);
    else if (typeof child === 'string') out.html += escape(child);
    else if (typeof child === 'number') out.html += String(child);
    else writeElement(child as MarkupNode, out);
  }
}

function writeElement(node: MarkupNode, out: { html: string }): void {
  out.html += `<${node.tag}`;
  for (const name in node.attributes) {
    const text = attributeText(node.attributes[name]);
    if (text !== null) out.html += text === '' ? ` ${name}` : ` ${name}="${escape(text)}"`;
  }
  // A void element (a form's <input>) has no end tag; every other is closed explicitly, and an
  // SVG element closed this way parses the same as a self-closed one.
  if (VOID.has(node.tag)) {
    out.html += '>';
    return;
  }
  out.html += '>';
  write(node.children, out);
  out.html += `</${node.tag}>`;
}

export function toHtml(...children: Child[]): string {
  const out = { html: '' };
  write(children, out);
  return out.html;
}
