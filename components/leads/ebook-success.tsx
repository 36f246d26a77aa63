'use client';

import { CheckCircleIcon, DownloadIcon } from './form-icons';
import { buttonStyles } from '@/lib/ui/button-styles';
import { showToast } from '@/components/ui/toast-store';
import { featureNotImplementedToast } from '@/lib/site/phone';

/**
 * The ebook form's success view (spec section 2). With an uploaded PDF the button downloads it;
 * while there is none it shows the spec's not-implemented toast.
 */
export function EbookSuccess({
  downloadUrl,
  headingRef,
}: {
  downloadUrl: string | null;
  headingRef?: React.RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="rounded-xl border border-green-700 bg-green-50 p-6 text-center">
      <CheckCircleIcon aria-hidden="true" className="mx-auto size-12 text-green-700" />
      <h2 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-bold text-green-950 outline-none">
        Thank You
      </h2>
      <p className="mt-2 text-green-950">Your ebook is ready for download</p>
      {downloadUrl ? (
        <a href={downloadUrl} download className={`${buttonStyles.primary} mt-4`}>
          <DownloadIcon aria-hidden="true" className="size-5" />
          Download Ebook
        </a>
      ) : (
        <button type="button" className={`${buttonStyles.primary} mt-4`} onClick={() => showToast(featureNotImplementedToast)}>
          <DownloadIcon aria-hidden="true" className="size-5" />
          Download Ebook
        </button>
      )}
      <p className="mt-4 text-sm text-green-950">If the download doesn&apos;t start, please check your email.</p>
    </div>
  );
}
