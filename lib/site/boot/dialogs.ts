import { setExpanded } from './menu';
import type { BootPage } from './page';

/**
 * Opens the <dialog> a control names (EARLY.dialog) with showModal. Opened from inside the mobile
 * menu, the menu closes and focus will return to its toggle. False when the page has no such
 * dialog: React's click (or, failing that, the opener's form) takes the visitor to its page.
 */
export function openDialog(page: BootPage, control: HTMLElement): boolean {
  const E = page.config.early;
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
  (dialog as unknown as Record<string, unknown>)[page.config.dialogOpener] = opener;
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

const visible = (element: HTMLElement) => element.isConnected && element.offsetParent !== null;

/**
 * Before React, focus goes back where a dialog was opened from when it closes (the menu's toggle
 * when opened from the menu), as React's dialog does once it has taken over.
 */
export function returnFocusFromDialogs(page: BootPage): void {
  document.addEventListener(
    'close',
    (event) => {
      const opener = (event.target as unknown as Record<string, HTMLElement | undefined>)[page.config.dialogOpener];
      if (!page.hydrated && opener && visible(opener)) opener.focus();
    },
    true,
  );
}
