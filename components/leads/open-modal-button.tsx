'use client';

import type { ButtonHTMLAttributes, MouseEvent, RefObject } from 'react';
import { EARLY } from '@/lib/site/early-controls';
import { LEAD_PAGES, leadDialogId, openLeadModal, type LeadModal } from './modal-store';

/**
 * The control that opens a lead dialog: a button, so a screen reader announces something that
 * opens a dialog, not a link. It submits an empty GET form to the form's own page, so without
 * JavaScript, or when the page has no such dialog, pressing it still reaches the form. Before
 * React has booted, the inline boot script opens the dialog named in its data attribute (ADR 015);
 * with React a plain click opens it here. Modified clicks are left to the browser, which opens the
 * page in a new tab or window as it would for a link. The form is `display: contents`, so the
 * button lays out as if it stood alone in its parent.
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
    const from = returnFocusTo?.current ?? event.currentTarget;
    if (!openLeadModal(modal, from)) return;
    event.preventDefault();
    onOpen?.();
  }
  // cursor-pointer: the pointer it had as a link (Tailwind 4 gives buttons the default arrow).
  return (
    <form action={LEAD_PAGES[modal]} className="contents">
      <button
        type="submit"
        aria-haspopup="dialog"
        {...{ [EARLY.dialog]: leadDialogId(modal) }}
        onClick={onClick}
        className={'cursor-pointer ' + className}
        {...rest}
      />
    </form>
  );
}
