'use client';

import type { ButtonHTMLAttributes, MouseEvent, RefObject } from 'react';
import { openLeadModal, type LeadModal } from './modal-store';

/** Each modal's form also has a page of its own, where the button leads without JavaScript. */
const PAGES: Record<LeadModal, string> = { application: '/apply', contact: '/contact' };

/**
 * The control that opens a lead modal: a button, so a screen reader announces something that opens
 * a dialog, not a link. It submits an empty GET form to the form's own page, so without JavaScript,
 * or when the deferred boot (ADR 009) gives up waiting for React, pressing it still reaches the
 * form. With React a plain click opens the modal instead; modified clicks are left to the browser,
 * which opens the page in a new tab or window as it would for a link. The form is
 * `display: contents`, so the button lays out as if it stood alone in its parent.
 */
export function OpenModalButton({
  modal,
  onOpen,
  returnFocusTo,
  className,
  ...rest
}: {
  modal: LeadModal;
  onOpen?: () => void;
  /** Where focus goes when the modal closes, if not back to this button (which onOpen may hide). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className: string;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'name' | 'value' | `form${string}`>) {
  function onClick(event: MouseEvent<HTMLButtonElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen?.();
    openLeadModal(modal, returnFocusTo?.current ?? event.currentTarget);
  }
  // cursor-pointer: the pointer it had as a link (Tailwind 4 gives buttons the default arrow).
  return (
    <form action={PAGES[modal]} className="contents">
      <button type="submit" aria-haspopup="dialog" onClick={onClick} className={'cursor-pointer ' + className} {...rest} />
    </form>
  );
}
