import type { Metadata } from 'next';
import { ApplyLayout, applyCloseLink } from '@/components/leads/apply-layout';
import type { ApplicationStart } from '@/components/leads/application-form';
import { ApplyPageForm } from '@/components/leads/apply-page-form';
import { STATE_OPTIONS } from '@/lib/leads/property-state-options';
import { getDb } from '@/lib/db/index.server';
import { prefillFromQuery, RESUME_PARAM } from '@/lib/drafts/draft-values';
import { findDraft } from '@/lib/drafts/drafts.server';
import { HIDDEN } from '@/lib/leads/fields';
import { getOfficerBySlug } from '@/lib/officers/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export const metadata: Metadata = {
  ...pageMetadata({
    title: 'Construction Loan Application',
    description: 'Apply for a construction, remodeling, owner-builder or land loan. Free qualification, answer within 24 hours.',
    path: '/apply',
  }),
  robots: { index: false, follow: true },
};

/**
 * /apply as a link opens it (next.config.ts rewrites /apply here when its query names an
 * application field or `resume`): made per request from the query, whole. A prefill link
 * ('Apply with these numbers') fills the fields it names; the e-mailed link of 'Save and finish
 * later' (`?resume=<token>`) opens the saved draft at its step. No static shell with a streamed
 * part, which without JavaScript would show the shell's empty form: `instant = false` lets the
 * page block instead. The form still posts to /apply (its permalink), the cached page.
 */
export const instant = false;

type Query = Record<string, string | string[] | undefined>;

/**
 * The officer an application begun from a profile goes to (`?officer=<slug>`, or kept in the
 * draft); a slug that names no published profile is dropped from the form, so the lead is routed
 * as any other.
 */
async function officerOf(start: ApplicationStart | undefined) {
  const slug = start?.values[HIDDEN.officer];
  if (!start || !slug) return null;
  const officer = await getOfficerBySlug(slug);
  if (!officer) delete start.values[HIDDEN.officer];
  return officer;
}

export default async function ApplyFromLinkPage({ searchParams }: { searchParams: Promise<Query> }) {
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
  const officer = await officerOf(start);
  return (
    <ApplyLayout>
      {officer && (
        <p className="bg-brand-50 mb-6 rounded-md p-4 text-sm text-slate-800">
          Your application goes to {officer.displayName}, NMLS ID {officer.nmlsId} (
          <a href={`/team/${officer.slug}`} className="text-brand-700 font-medium underline">
            {officer.displayName}’s profile
          </a>
          ).
        </p>
      )}
      {expired && (
        <p role="status" className="mb-6 rounded-md bg-amber-50 p-4 text-sm text-amber-900">
          This link no longer opens a saved application: it has expired, or the application was submitted. You can start a new one
          below.
        </p>
      )}
      <ApplyPageForm
        // A resumed draft continues where it was left: the steps, at the saved one.
        layout={start?.token ? 'steps' : 'single'}
        closeButton={applyCloseLink}
        stateOptions={STATE_OPTIONS}
        start={start}
      />
    </ApplyLayout>
  );
}
