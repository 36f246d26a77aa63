import { attributeText, forEachChild, type Child } from './node';

/** The markup as DOM nodes, in the browser: what the live script puts in the results' place. */

const SVG = 'http://www.w3.org/2000/svg';

export function toDom(children: readonly Child[], parent: Node = document.createDocumentFragment(), svg = false): Node {
  forEachChild(children, (child) => {
    if (typeof child === 'string') {
      parent.appendChild(document.createTextNode(child));
      return;
    }
    const inSvg = svg || child.tag === 'svg';
    const element = inSvg ? document.createElementNS(SVG, child.tag) : document.createElement(child.tag);
    for (const [name, value] of Object.entries(child.attributes)) {
      const text = attributeText(value);
      if (text !== null) element.setAttribute(name, text);
    }
    toDom(child.children, element, inSvg);
    parent.appendChild(element);
  });
  return parent;
}
