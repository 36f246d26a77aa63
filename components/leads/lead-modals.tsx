'use client';

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { buttonStyles } from '@/components/ui/button-styles';
import { ApplicationForm } from './application-form';
import { ContactForm } from './contact-form';
import { closeLeadModal, leadModalOpener, type LeadModal } from './modal-store';

/**
 * The application and contact modals, loaded on first use. Radix Dialog traps focus, closes on
 * Escape, returns focus to the button that opened it and labels the dialog for screen readers.
 * Each opening mounts a fresh form.
 */
export default function LeadModals({ modal }: { modal: LeadModal | null }) {
  return (
    <Dialog.Root open={modal !== null} onOpenChange={(open) => !open && closeLeadModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-3xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl sm:inset-x-4 sm:top-8 sm:bottom-8"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const opener = leadModalOpener();
            if (!opener) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-brand-900 text-xl font-bold">
              {modal === 'contact' ? 'Contact Us' : 'Construction Loan Application'}
            </Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-6">
            {modal === 'contact' && <ContactForm page="/" closeButton={<CloseButton />} />}
            {modal === 'application' && <ApplicationForm layout="steps" page="/" closeButton={<CloseButton />} />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CloseButton() {
  return <Dialog.Close className={buttonStyles.dark}>Close</Dialog.Close>;
}
