'use client';

import { CheckCircleIcon } from './form-icons';
import type { ReactNode } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import { submitContactAction } from '@/lib/leads/actions/contact';
import { SimpleLeadForm } from './simple-lead-form';

/**
 * The contact form (name, e-mail, phone, message): in the header's modal and on /contact; opened
 * from an officer's profile it carries the officer's slug, so the message goes to them.
 */
export function ContactForm({ page, closeButton, officer }: { page: string; closeButton: ReactNode; officer?: string }) {
  return (
    <SimpleLeadForm
      kind="contact"
      action={submitContactAction}
      page={page}
      officer={officer}
      submitLabel="Send Message"
      pendingLabel="Sending..."
      submitClassName={`${buttonStyles.primary} w-full`}
      success={(ref) => (
        <div className="py-6 text-center">
          <CheckCircleIcon aria-hidden="true" className="mx-auto size-14 text-green-700" />
          <h2 ref={ref} tabIndex={-1} className="text-brand-900 mt-4 text-2xl font-bold outline-none">
            Message Sent!
          </h2>
          <p className="mt-2 text-slate-700">Thank you for reaching out. We respond within 24 hours.</p>
          <div className="mt-6">{closeButton}</div>
        </div>
      )}
    />
  );
}
