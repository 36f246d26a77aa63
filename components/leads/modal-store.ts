import { DIALOG_OPENER_PROPERTY } from '@/lib/site/early-controls';

/**
 * The lead dialogs are native <dialog> elements rendered with the page (components/leads/
 * lead-dialog.tsx), so the inline boot script can open them before React (ADR 015). Their open
 * state lives in the DOM, where that script and React both read it; these helpers are React's
 * half. The ids are shared with the openers' data attributes.
 */

export type LeadModal = 'application' | 'contact';

export const leadDialogId = (modal: LeadModal) => `${modal}-dialog`;

/** Each dialog's form also has a page of its own: where its opener leads without JavaScript, and
 * where the form posts when the scripts never arrived (the useActionState permalink), so the
 * visitor lands on a page that shows the result. */
export const LEAD_PAGES: Record<LeadModal, string> = { application: '/apply', contact: '/contact' };

type WithOpener = HTMLDialogElement & { [DIALOG_OPENER_PROPERTY]?: HTMLElement | null };

function dialogOf(modal: LeadModal): WithOpener | null {
  const element = document.getElementById(leadDialogId(modal));
  return element instanceof HTMLDialogElement ? element : null;
}

/** Opens a modal; focus returns to `from` (the button that opened it) when it closes. */
export function openLeadModal(modal: LeadModal, from?: HTMLElement | null): boolean {
  const dialog = dialogOf(modal);
  if (!dialog) return false;
  if (!dialog.open) {
    dialog[DIALOG_OPENER_PROPERTY] = from ?? null;
    dialog.showModal();
  }
  return true;
}

/** Where focus goes back to when the dialog closes, if that control is still on screen. */
export function dialogOpener(dialog: HTMLDialogElement): HTMLElement | null {
  const opener = (dialog as WithOpener)[DIALOG_OPENER_PROPERTY];
  return opener?.isConnected && opener.offsetParent !== null ? opener : null;
}
