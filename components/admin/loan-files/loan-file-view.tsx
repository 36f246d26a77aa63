import Link from 'next/link';
import { drawNumber, milestoneLabel, milestoneSequence } from '@/lib/loan-files/milestones';
import type { LoanFile } from '@/lib/loan-files/types';
import { AddItemForm } from './add-item-form';
import { BuilderForm, SendBuilderLink } from './builder-form';
import type { ItemDocument } from './item-documents';
import { MilestoneForm } from './milestone-form';
import { MilestoneHistory } from './milestone-history';
import { NeedsList } from './needs-list';

const sectionClass = 'space-y-3 rounded-lg border border-slate-200 bg-white p-5';
const headingClass = 'text-brand-900 text-xl font-semibold';

/** The milestones to choose from: the draws reached so far and the next one. */
function milestoneOptions(file: LoanFile) {
  const reached = Math.max(0, ...[file.milestone, ...file.history.map((h) => h.milestone)].map((m) => drawNumber(m) ?? 0));
  return milestoneSequence(reached + 1).map((value) => ({ value, label: milestoneLabel(value, file.milestoneNames) }));
}

/** One loan file as the owner works it: who and where, the milestone, the builder, the needs list. */
export function LoanFileView({
  file,
  documents,
  names,
}: {
  file: LoanFile;
  /** What was sent, by item id. */
  documents: Map<string, ItemDocument[]>;
  /** The team's names by account id, for who set each milestone. */
  names: Map<string, string>;
}) {
  const { borrower } = file;
  return (
    <div className="space-y-6">
      <p>
        <Link href="/admin/loan-files" className="text-brand-700 font-medium underline">
          All loan files
        </Link>
      </p>
      <section aria-labelledby="loan-file-title" className={sectionClass}>
        <h2 id="loan-file-title" className="text-brand-900 text-2xl font-bold break-words">
          Loan file: {borrower.name}
        </h2>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,auto)_1fr]">
          <dt className="font-medium text-slate-700">E-mail</dt>
          <dd className="break-words">
            <a href={`mailto:${borrower.email}`} className="text-brand-700 underline">
              {borrower.email}
            </a>
          </dd>
          <dt className="font-medium text-slate-700">Phone</dt>
          <dd>
            {borrower.phone ? (
              <a href={`tel:${borrower.phone}`} className="text-brand-700 underline">
                {borrower.phone}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="font-medium text-slate-700">Property</dt>
          <dd className="break-words">{file.propertyAddress || '—'}</dd>
        </dl>
        <p>
          <Link href={`/admin/leads?lead=${file.leadId}`} className="text-brand-700 font-medium underline">
            Open the lead
          </Link>
        </p>
      </section>

      <section aria-labelledby="loan-file-milestone-heading" className={sectionClass}>
        <h2 id="loan-file-milestone-heading" className={headingClass}>
          Milestone: {milestoneLabel(file.milestone, file.milestoneNames)}
        </h2>
        <MilestoneForm fileId={file.id} current={file.milestone} options={milestoneOptions(file)} />
        <MilestoneHistory history={file.history} milestoneNames={file.milestoneNames} names={names} />
      </section>

      <section aria-labelledby="loan-file-builder" className={sectionClass}>
        <h2 id="loan-file-builder" className={headingClass}>
          Builder
        </h2>
        <BuilderForm fileId={file.id} builder={file.builder} />
        <SendBuilderLink fileId={file.id} hasEmail={file.builder.email !== null} hasLink={file.hasBuilderLink} />
      </section>

      <section aria-labelledby="loan-file-needs" className={sectionClass}>
        <h2 id="loan-file-needs" className={headingClass}>
          Needs list
        </h2>
        {[...documents.values()].some((docs) => docs.some((doc) => doc.scan !== 'quarantined')) && (
          <p>
            <a href={`/api/admin/documents/zip/${file.id}`} className="text-brand-700 font-medium underline">
              Download all documents (ZIP)
            </a>
          </p>
        )}
        <NeedsList items={file.items} documents={documents} />
      </section>

      <section aria-labelledby="loan-file-add-item" className={sectionClass}>
        <h2 id="loan-file-add-item" className={headingClass}>
          Add an item
        </h2>
        <AddItemForm fileId={file.id} />
      </section>
    </div>
  );
}
