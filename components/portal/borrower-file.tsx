import { getSiteContent } from '@/lib/content/queries.server';
import { PORTAL_UPLOAD_PATH } from '@/lib/loan-files/portal-paths';
import type { BorrowerView } from '@/lib/loan-files/portal-view.server';
import { MilestoneTimeline } from './milestone-timeline';
import { NeedsList, type ItemOutcome } from './needs-list';

/** The signed-in borrower's page: progress, what we need from them, the builder's part, and who to call. */
export async function BorrowerFile({ view, outcome }: { view: BorrowerView; outcome: ItemOutcome | null }) {
  const { file, items, officer } = view;
  const { contact } = await getSiteContent();
  const mine = items.filter((item) => item.owedBy === 'borrower');
  const builders = items.filter((item) => item.owedBy === 'builder');
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-brand-900 text-2xl font-bold">Your construction loan</h1>
          <p className="text-slate-700">
            {file.borrower.name}
            {file.propertyAddress ? ` · ${file.propertyAddress}` : ''}
          </p>
        </div>
        <form method="post" action="/api/portal/sign-out">
          <button
            type="submit"
            className="focus-visible:ring-brand-700 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none"
          >
            Sign out
          </button>
        </form>
      </div>
      <MilestoneTimeline file={file} />
      <NeedsList
        id="yours"
        title="What we need from you"
        intro="Send each document as a PDF or a clear photo. We review every file and tell you by e-mail if we need anything else."
        items={mine}
        uploadPath={PORTAL_UPLOAD_PATH}
        outcome={outcome}
      />
      <NeedsList
        id="builder"
        title="From your builder"
        intro={`Your builder${file.builder.name ? `, ${file.builder.name},` : ''} sends these through their own secure link. If you have a copy, you may send it here too.`}
        items={builders}
        uploadPath={PORTAL_UPLOAD_PATH}
        outcome={outcome}
      />
      <section aria-labelledby="contact-heading" className="rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="contact-heading" className="text-brand-900 text-xl font-bold">
          Questions?
        </h2>
        {officer ? (
          <p className="mt-2 text-slate-700">
            Your loan officer is <strong>{officer.name}</strong>
            {officer.email && (
              <>
                {' '}
                (
                <a href={`mailto:${officer.email}`} className="text-brand-800 underline">
                  {officer.email}
                </a>
                )
              </>
            )}
            . You can also call us at{' '}
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline">
              {contact.phone}
            </a>
            .
          </p>
        ) : (
          <p className="mt-2 text-slate-700">
            Call us at{' '}
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline">
              {contact.phone}
            </a>{' '}
            or write to{' '}
            <a href={`mailto:${contact.email}`} className="text-brand-800 underline">
              {contact.email}
            </a>
            .
          </p>
        )}
      </section>
    </div>
  );
}
