import { attributeText, forEachChild, type Child } from './node';

/** The markup as HTML, every text and attribute escaped: what the server writes into the page. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

export function toHtml(...children: Child[]): string {
  let html = '';
  forEachChild(children, (child) => {
    if (typeof child === 'string') {
      html += escape(child);
      return;
    }
    html += `<${child.tag}`;
    for (const [name, value] of Object.entries(child.attributes)) {
      const text = attributeText(value);
      if (text !== null) html += text === '' ? ` ${name}` : ` ${name}="${escape(text)}"`;
    }
    // Every element is closed explicitly: the markup has no void HTML element, and an SVG element
    // closed this way parses the same as a self-closed one.
    html += `>${toHtml(child.children)}</${child.tag}>`;
  });
  return html;
}
