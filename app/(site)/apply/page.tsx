import type { Metadata } from 'next';
import { ApplyLayout, applyCloseLink } from '@/components/leads/apply-layout';
import { ApplyPageForm } from '@/components/leads/apply-page-form';
import { STATE_OPTIONS } from '@/lib/leads/property-state-options';
import { pageMetadata } from '@/lib/site/metadata.server';

export const metadata: Metadata = pageMetadata({
  title: 'Construction Loan Application',
  description: 'Apply for a construction, remodeling, owner-builder or land loan. Free qualification, answer within 24 hours.',
  path: '/apply',
});

/**
 * The application as a page (its route chunk is never prefetched: links to it are plain <a>):
 * every field at once, so it works without JavaScript too. Served from the page cache; a link
 * that prefills fields or resumes a saved draft is answered by ./continue/page.tsx instead
 * (next.config.ts rewrites it there, ADR 024).
 */
export default function ApplyPage() {
  return (
    <ApplyLayout>
      <ApplyPageForm layout="single" closeButton={applyCloseLink} stateOptions={STATE_OPTIONS} />
    </ApplyLayout>
  );
}
