/**
 * Which lead modal is open, if any. A plain store like the toast store, so the tiny open buttons
 * never import the modal: its code is fetched the first time one opens (see modal-host.tsx).
 */

export type LeadModal = 'application' | 'contact';

let current: LeadModal | null = null;
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** Opens a modal; focus returns to `from` (the button that opened it) when it closes. */
export function openLeadModal(modal: LeadModal, from?: HTMLElement | null): void {
  current = modal;
  opener = from ?? null;
  for (const listener of listeners) listener();
}

export function closeLeadModal(): void {
  current = null;
  for (const listener of listeners) listener();
}

export function subscribeLeadModal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLeadModal(): LeadModal | null {
  return current;
}

/** Where focus goes back to when the modal closes (there is no Radix trigger to return to). */
export function leadModalOpener(): HTMLElement | null {
  return opener?.isConnected && opener.offsetParent !== null ? opener : null;
}
