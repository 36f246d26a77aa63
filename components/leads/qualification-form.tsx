'use client';

import { CheckCircleIcon } from './form-icons';
import { buttonStyles } from '@/lib/ui/button-styles';
import { submitQualificationAction } from '@/lib/leads/actions/qualification';
import { SimpleLeadForm } from './simple-lead-form';

/** The quick qualification form, where a visitor comparing rates decides to ask. */
export function QualificationForm({ page }: { page: string }) {
  return (
    <SimpleLeadForm
      kind="qualification"
      action={submitQualificationAction}
      page={page}
      columns={2}
      submitLabel="Check My Qualification"
      pendingLabel="Sending..."
      submitClassName={buttonStyles.primary}
      success={(ref) => (
        <div className="py-6 text-center">
          <CheckCircleIcon aria-hidden="true" className="mx-auto size-14 text-green-700" />
          <h3 ref={ref} tabIndex={-1} className="text-brand-900 mt-4 text-2xl font-bold outline-none">
            Request Received!
          </h3>
          <p className="mt-2 text-slate-700">A construction loan specialist will contact you within 24 hours.</p>
        </div>
      )}
    />
  );
}
