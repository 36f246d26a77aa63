import { IconSprite, type IconName } from './sprite-icon';

/** The header's and footer's icons: on every public page, in the (site) layout's sprite. */
const LAYOUT_ICONS: readonly IconName[] = ['building-complex', 'phone', 'menu', 'x', 'mail', 'message-square', 'clock'];

export function LayoutIconSprite() {
  return <IconSprite icons={LAYOUT_ICONS} />;
}

/**
 * A page's sprite: every icon the page draws may be listed; those already in the layout's sprite
 * are left out, so no symbol id appears twice in the document.
 */
export function PageIconSprite({ icons }: { icons: readonly IconName[] }) {
  const own = icons.filter((name) => !LAYOUT_ICONS.includes(name));
  return own.length > 0 ? <IconSprite icons={own} /> : null;
}
