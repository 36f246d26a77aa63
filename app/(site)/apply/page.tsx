import type { Metadata } from 'next';
import { ApplicationForm } from '@/components/leads/application-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { pageMetadata } from '@/lib/site/metadata.server';

export const metadata: Metadata = pageMetadata({
  title: 'Construction Loan Application',
  description: 'Apply for a construction, remodeling, owner-builder or land loan. Free qualification, answer within 24 hours.',
  path: '/apply',
});

/** The application as a page (its route chunk is never prefetched: links to it are plain <a>): every field at once, so it works without JavaScript too. */
export default function ApplyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">Construction Loan Application</h1>
      <p className="mt-4 text-slate-700">
        Tell us about your project and yourself. A specialist reviews every application and answers within 24 hours.
      </p>
      <div className="card mt-8">
        <ApplicationForm
          layout="single"
          page="/apply"
          closeButton={
            <a href="/" className={buttonStyles.dark}>
              Close
            </a>
          }
        />
      </div>
    </div>
  );
}
