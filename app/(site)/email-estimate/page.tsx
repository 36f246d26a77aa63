import type { Metadata } from 'next';
import { EstimateEmailAnswer } from '@/components/calculators/estimate-email-answer';
import { ESTIMATE_EMAIL_PATH } from '@/lib/leads/calculator-lead';
import { pageMetadata } from '@/lib/site/metadata.server';

export const metadata: Metadata = {
  ...pageMetadata({
    title: 'Email Me This Estimate',
    description: 'Your calculator estimate, sent to your inbox.',
    path: ESTIMATE_EMAIL_PATH,
  }),
  // An answer to a form, not a page to find.
  robots: { index: false, follow: true },
};

/**
 * Where a calculator's 'Email me this estimate' lands when posted without JavaScript (its Server
 * Action's permalink): the answer, and the way back to the estimate, or the form again with what
 * was typed when something was missing. Static, so Next renders the action's answer into it.
 */
export default function EmailEstimatePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">Email me this estimate</h1>
      <div className="card mt-8">
        <EstimateEmailAnswer />
      </div>
    </div>
  );
}
