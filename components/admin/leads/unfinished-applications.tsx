import type { UnfinishedApplication } from '@/lib/drafts/types';
import { formatTime } from './format';

const STEP_LABELS = ['1. Project Information', '2. Borrower Application'] as const;

/**
 * 'Unfinished applications' on the Leads page: visitors who saved their application to finish
 * later (lib/drafts/), newest first, until they submit it or it expires after 30 days. Only who
 * and how far: the typed values stay out of the admin until the application is sent. A draft is
 * no consent to calls or texts unless the visitor ticked the box.
 */
export function UnfinishedApplications({ drafts }: { drafts: UnfinishedApplication[] }) {
  return (
    <section aria-labelledby="unfinished-heading" className="mt-10 space-y-3">
      <h2 id="unfinished-heading" className="text-brand-900 text-xl font-semibold">
        Unfinished applications <span className="text-base font-normal text-slate-700">({drafts.length})</span>
      </h2>
      <p className="text-sm text-slate-700">
        Saved with &lsquo;Save and finish later&rsquo;. Each disappears when the application is submitted, or 30 days after its
        last save. Call or text only those who consented.
      </p>
      {drafts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 p-4 text-center text-slate-700">
          No saved applications are waiting.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Unfinished applications, most recently saved first</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last step
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Updated
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Calls and texts
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {drafts.map((draft) => (
                <tr key={draft.id}>
                  <td className="px-3 py-2 break-all text-slate-900">
                    <a className="text-brand-800 underline-offset-2 hover:underline" href={`mailto:${draft.email}`}>
                      {draft.email}
                    </a>
                  </td>
                  <td className="px-3 py-2 text-slate-800">{STEP_LABELS[draft.step]}</td>
                  <td className="px-3 py-2 text-slate-800">
                    <time dateTime={draft.updatedAt}>{formatTime(draft.updatedAt)}</time>
                  </td>
                  <td className="px-3 py-2 text-slate-800">{draft.consent ? 'Consented' : 'No consent'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
