/** Shows or hides the panel a disclosure toggle (the mobile menu's) controls, as React's menu does. */
export function setExpanded(toggle: Element, open: boolean): void {
  const panel = document.getElementById(toggle.getAttribute('aria-controls') || '');
  toggle.setAttribute('aria-expanded', String(open));
  if (panel) panel.hidden = !open;
}
