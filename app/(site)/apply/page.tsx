import type { Metadata } from 'next';
import { ApplicationForm, type ApplicationStart } from '@/components/leads/application-form';
import { BootAtLoad } from '@/components/site/boot-at-load';
import { buttonStyles } from '@/components/ui/button-styles';
import { getDb } from '@/lib/db/index.server';
import { prefillFromQuery, RESUME_PARAM } from '@/lib/drafts/draft-values';
import { findDraft } from '@/lib/drafts/drafts.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export const metadata: Metadata = pageMetadata({
  title: 'Construction Loan Application',
  description: 'Apply for a construction, remodeling, owner-builder or land loan. Free qualification, answer within 24 hours.',
  path: '/apply',
});

/**
 * The page is made per request from its query, whole: no static shell with a streamed part, which
 * without JavaScript would show the shell's empty form and never the prefilled one. `instant =
 * false` lets it block instead (Cache Components' static-shell check).
 */
export const instant = false;

type Query = Record<string, string | string[] | undefined>;
type Props = { searchParams: Promise<Query> };

const closeLink = (
  <a href="/" className={buttonStyles.dark}>
    Close
  </a>
);

/**
 * The application as a page (its route chunk is never prefetched: links to it are plain <a>):
 * every field at once, so it works without JavaScript too. Rendered from the query on the server:
 * a link may prefill fields ('Apply with these numbers', lib/drafts/draft-values.ts), and the
 * e-mailed link of 'Save and finish later' (`?resume=<token>`) opens the saved draft at its step.
 * It boots at load: React restores the browser's draft of the application (ADR 009, BootAtLoad).
 */
export default function ApplyPage({ searchParams }: Props) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <BootAtLoad />
      <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">Construction Loan Application</h1>
      <p className="mt-4 text-slate-700">
        Tell us about your project and yourself. A specialist reviews every application and answers within 24 hours.
      </p>
      <div className="card mt-8">
        <ApplicationFromQuery searchParams={searchParams} />
      </div>
    </div>
  );
}

async function ApplicationFromQuery({ searchParams }: Props) {
  const query = await searchParams;
  const prefill = prefillFromQuery(query);
  const resume = query[RESUME_PARAM];
  let start: ApplicationStart | undefined = Object.keys(prefill).length > 0 ? { values: prefill, step: 0 } : undefined;
  let expired = false;
  if (typeof resume === 'string' && resume !== '') {
    const draft = await findDraft(await getDb(), resume);
    if (draft) start = { values: { ...draft.values, ...prefill }, step: draft.step, token: resume };
    else expired = true;
  }
  return (
    <>
      {expired && (
        <p role="status" className="mb-6 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
          This link no longer opens a saved application: it has expired, or the application was submitted. You can start a new one
          below.
        </p>
      )}
      <ApplicationForm
        // A resumed draft continues where it was left: the steps, at the saved one.
        layout={start?.token ? 'steps' : 'single'}
        page="/apply"
        closeButton={closeLink}
        start={start}
      />
    </>
  );
}
