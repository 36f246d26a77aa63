/**
 * The one toast on screen (the spec shows one at a time: a new toast replaces the current one).
 * A plain store, so any client component can raise a toast without loading the toast UI, which
 * is fetched on first use (see toaster.tsx).
 */

export interface ToastAction {
  label: string;
  /** Either a link (e.g. tel:) or a callback. */
  href?: string;
  onClick?: () => void;
}

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'info' | 'success' | 'error';
  action?: ToastAction;
}

import { EARLY } from '@/lib/site/early-controls';

type Listener = () => void;

let current: ToastMessage | null = null;
let counter = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(message: Omit<ToastMessage, 'id'>): void {
  // One toast at a time, including one the boot script raised before React (ADR 015).
  document.getElementById(EARLY.toastHost)?.replaceChildren();
  current = { ...message, id: ++counter };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ToastMessage | null {
  return current;
}
