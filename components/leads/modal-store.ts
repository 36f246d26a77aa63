/**
 * Which lead modal is open, if any. A plain store like the toast store, so the tiny open buttons
 * never import the modal: its code is fetched the first time one opens (see modal-host.tsx).
 */

export type LeadModal = 'application' | 'contact';

let current: LeadModal | null = null;
const listeners = new Set<() => void>();

export function openLeadModal(modal: LeadModal): void {
  current = modal;
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
