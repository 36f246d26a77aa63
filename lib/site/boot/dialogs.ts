import type { EarlyControls } from '../early-controls';
import { setExpanded } from './menu';

/**
 * Opens the <dialog> a control names (EARLY.dialog) with showModal, and records on it, as the
 * property `openerProperty`, where focus goes back when it closes. Opened from inside the mobile
 * menu, the menu closes and focus will return to its toggle. False when the page has no such
 * dialog: React's click (or, failing that, the opener's form) takes the visitor to its page.
 */
export function openDialog(control: HTMLElement, E: EarlyControls, openerProperty: string): boolean {
  const dialog = document.getElementById(control.getAttribute(E.dialog) || '');
  if (!(dialog instanceof HTMLDialogElement)) return false;
  if (dialog.open) return true;
  let opener: HTMLElement = control;
  const panel = control.closest('[id]');
  const toggle = panel ? document.querySelector<HTMLElement>('[' + E.disclosure + '][aria-controls="' + panel.id + '"]') : null;
  if (toggle && toggle.getAttribute('aria-expanded') === 'true') {
    setExpanded(toggle, false);
    opener = toggle;
  }
  (dialog as unknown as Record<string, unknown>)[openerProperty] = opener;
  dialog.showModal();
  return true;
}

/** A click on a modal dialog's backdrop (outside its box) closes it, as React's dialog does. */
export function closeOnBackdrop(dialog: HTMLDialogElement, click: MouseEvent): void {
  const box = dialog.getBoundingClientRect();
  const inside =
    click.clientX >= box.left && click.clientX <= box.right && click.clientY >= box.top && click.clientY <= box.bottom;
  if (!inside) dialog.close();
}
