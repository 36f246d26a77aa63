'use client';

import Link from 'next/link';
import { useTransition } from 'react';
import { openLoanFileAction } from '@/lib/loan-files/actions/files';

const button = 'rounded-md border border-slate-400 bg-white px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

/**
 * The lead dialog's loan file (issue 30): a link to the file opened from this lead, or the button
 * that opens one. A lead in the spam folder gets neither: it is marked not spam first.
 */
export function LeadLoanFile({
  leadId,
  spam,
  fileId,
  onResult,
}: {
  leadId: string;
  spam: boolean;
  fileId: string | null;
  /** The dialog's message after opening, and the file's id when there is one. */
  onResult: (message: string, fileId: string | null) => void;
}) {
  const [pending, startTransition] = useTransition();
  if (!fileId && spam) return null;

  const open = () =>
    startTransition(async () => {
      const result = await openLoanFileAction({ leadId });
      if (!result.ok) return onResult(`${result.title}: ${result.error}`, null);
      onResult([result.title, result.message].filter(Boolean).join(' '), result.data.fileId);
    });

  return (
    <section aria-labelledby="lead-loan-file">
      <h3 id="lead-loan-file" className="text-brand-900 text-lg font-semibold">
        Loan file
      </h3>
      {fileId ? (
        <p className="mt-1">
          <Link href={`/admin/loan-files/${fileId}`} className="text-brand-700 font-medium underline">
            View loan file
          </Link>
        </p>
      ) : (
        <>
          <p className="text-slate-800">
            Opening one builds the needs list from the application’s answers and starts the borrower’s milestones.
          </p>
          <button type="button" className={`${button} mt-2`} disabled={pending} onClick={open}>
            {pending ? 'Opening...' : 'Open loan file'}
          </button>
        </>
      )}
    </section>
  );
}
