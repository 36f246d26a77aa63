'use client';

import { buttonStyles } from '@/lib/ui/button-styles';
import { submitEbookAction } from '@/lib/leads/actions/ebook';
import { EbookSuccess } from './ebook-success';
import { SimpleLeadForm } from './simple-lead-form';

/** The ebook form (spec: Full Name, Email Address, Download Now). */
export function EbookForm({ page, downloadUrl }: { page: string; downloadUrl: string | null }) {
  return (
    <SimpleLeadForm
      kind="ebook"
      action={submitEbookAction}
      page={page}
      submitLabel="Download Now"
      pendingLabel="Processing..."
      submitClassName={`${buttonStyles.primary} w-full`}
      successToast={{ title: '✅ Success!', description: 'Your ebook is ready for download.' }}
      success={(ref) => <EbookSuccess headingRef={ref} downloadUrl={downloadUrl} />}
    />
  );
}
