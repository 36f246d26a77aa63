'use client';

import { Fragment, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import { EARLY } from '@/lib/site/early-controls';
import { dialogOpener, leadDialogId, type LeadModal } from './modal-store';

const TITLES: Record<LeadModal, string> = { contact: 'Contact Us', application: 'Construction Loan Application' };

/**
 * The application or contact dialog: a native modal <dialog> sent with the page, its form inside,
 * so a tap on an opener shows it at once, before React has booted (ADR 015), and what the visitor
 * types there before React takes over stays (the fields are uncontrolled). The browser traps
 * focus, closes it on Escape and labels it; this component adds what React owns once it has
 * hydrated: a click on the backdrop closes it, focus returns to the opener, and a form that was
 * sent is replaced by a fresh one for the next opening. The form comes as children from the page
 * that has openers for it, so a page carries only its own dialogs' code.
 */
export function LeadDialog({ modal, closeIcon, children }: { modal: LeadModal; closeIcon: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      dialogOpener(dialog)?.focus();
      // The success view replaced the form: the next opening starts a new one.
      if (!dialog.querySelector('form')) setGeneration((value) => value + 1);
    };
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, []);

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    const dialog = event.currentTarget;
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  }

  return (
    // The click handler only adds the mouse's way to dismiss; Escape closes a modal <dialog> natively.
    <dialog
      ref={ref}
      id={leadDialogId(modal)}
      aria-labelledby={titleId}
      onClick={onBackdropClick}
      className="fixed inset-x-2 top-4 bottom-4 mx-auto h-auto max-h-none w-auto max-w-3xl flex-col overflow-hidden rounded-xl bg-white text-slate-900 shadow-2xl backdrop:bg-slate-950/60 open:flex sm:inset-x-4 sm:top-8 sm:bottom-8"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-brand-900 text-xl font-bold">
          {TITLES[modal]}
        </h2>
        <button
          type="button"
          {...{ [EARLY.close]: '' }}
          onClick={closeDialog}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        >
          {closeIcon}
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="overflow-y-auto px-6 py-6">
        <Fragment key={generation}>{children}</Fragment>
      </div>
    </dialog>
  );
}

function closeDialog(event: MouseEvent<HTMLButtonElement>) {
  event.currentTarget.closest('dialog')?.close();
}

/** The Close button of a form's success view inside a lead dialog. */
export function DialogCloseButton() {
  return (
    <button type="button" {...{ [EARLY.close]: '' }} onClick={closeDialog} className={buttonStyles.dark}>
      Close
    </button>
  );
}
