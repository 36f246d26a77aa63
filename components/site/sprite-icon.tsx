import { createElement } from 'react';
import { ICON_NODES, type IconName } from '@/lib/ui/icon-nodes';

export type { IconName };

const symbolId = (name: IconName) => `icon-${name}`;

/**
 * A lucide icon drawn from the page's sprite (IconSprite): each use is a short `<use>` reference,
 * so the path data of an icon shown fifteen times is in the HTML, and in the RSC payload that
 * repeats the HTML, once. Lucide's stroke look (fill, stroke width, round caps, 24px by default)
 * comes from the `.icon` rule in app/globals.css, so a class such as `fill-amber-400` still wins.
 * Every icon on the public pages is decorative, hence always hidden from assistive technology.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : 'icon'}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}

/**
 * The symbols the `Icon`s of a page refer to, once each. Render it before those icons (a streamed
 * page paints them as soon as their symbol has arrived) and give each icon to exactly one sprite
 * per page: the (site) layout's sprite holds the header's and footer's, each page's the rest.
 */
export function IconSprite({ icons }: { icons: Iterable<IconName> }) {
  return (
    // An inline style, not a class: the sprite must stay out of the layout even before the CSS loads.
    <svg style={{ display: 'none' }}>
      {[...new Set(icons)].map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          {ICON_NODES[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
        </symbol>
      ))}
    </svg>
  );
}
