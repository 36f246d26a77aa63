import type { BootPage } from './page';

/** Shows or hides the panel a disclosure toggle (the mobile menu's) controls, as React's menu does. */
export function setExpanded(toggle: Element, open: boolean): void {
  const panel = document.getElementById(toggle.getAttribute('aria-controls') || '');
  toggle.setAttribute('aria-expanded', String(open));
  if (panel) panel.hidden = !open;
}

/** Before React, Escape closes an open menu and puts focus on its toggle, as React's does. */
export function closeMenusOnEscape(page: BootPage): void {
  const disclosure = page.config.early.disclosure;
  document.addEventListener(
    'keydown',
    (event) => {
      if (page.hydrated || event.key !== 'Escape') return;
      document.querySelectorAll<HTMLElement>('[' + disclosure + '][aria-expanded="true"]').forEach((toggle) => {
        setExpanded(toggle, false);
        toggle.focus();
      });
    },
    true,
  );
}
