import Link from 'next/link';
import { milestoneLabel, type MilestoneNames } from '@/lib/loan-files/milestones';
import type { LoanFileSummary } from '@/lib/loan-files/types';
import { formatTime } from '../leads/format';
import { totalItems } from './labels';

/** The Loan Files section: every file, the last changed first, each opening its page. */
export function LoanFilesList({ files, milestoneNames }: { files: LoanFileSummary[]; milestoneNames: MilestoneNames }) {
  return (
    <section aria-labelledby="loan-files-title">
      <h2 id="loan-files-title" className="text-brand-900 text-xl font-bold">
        Loan Files
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A loan file is opened from a lead (its dialog’s “Open loan file”). Its needs list is built from the application’s answers.
      </p>
      {files.length === 0 ? (
        <p className="mt-6 text-slate-700">No loan files yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="loan-files">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Borrower
                </th>
                <th scope="col" className="py-2 pr-4">
                  Property
                </th>
                <th scope="col" className="py-2 pr-4">
                  Milestone
                </th>
                <th scope="col" className="py-2 pr-4">
                  Documents
                </th>
                <th scope="col" className="py-2">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id} className="border-b border-slate-200 align-top" data-testid="loan-file-row">
                  <td className="py-2 pr-4">
                    <Link href={`/admin/loan-files/${file.id}`} className="text-brand-700 font-semibold underline">
                      {file.borrowerName || file.borrowerEmail}
                    </Link>
                    <span className="block text-slate-700">{file.borrowerEmail}</span>
                  </td>
                  <td className="py-2 pr-4">{file.propertyAddress || '—'}</td>
                  <td className="py-2 pr-4">{milestoneLabel(file.milestone, milestoneNames)}</td>
                  <td className="py-2 pr-4">
                    {file.counts.accepted} of {totalItems(file.counts)} accepted
                    <span
                      className={`mt-1 block w-fit rounded-full px-2 py-0.5 font-medium ${file.counts.uploaded > 0 ? 'bg-amber-100 text-amber-950' : 'text-slate-700'}`}
                    >
                      {file.counts.uploaded} to review
                    </span>
                  </td>
                  <td className="py-2 whitespace-nowrap">{formatTime(file.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
