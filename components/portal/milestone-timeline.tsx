import { timeline } from '@/lib/loan-files/milestones';
import type { LoanFile } from '@/lib/loan-files/types';
import { portalDate } from './format';

/** Where the loan stands: every stage, the one reached marked as the current step. */
export function MilestoneTimeline({ file }: { file: LoanFile }) {
  const steps = timeline(file.milestone, file.history, file.milestoneNames);
  return (
    <section aria-labelledby="progress-heading" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="progress-heading" className="text-brand-900 text-xl font-bold">
        Your loan’s progress
      </h2>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => (
          <li
            key={step.milestone}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="flex gap-3"
            data-milestone={step.milestone}
          >
            <span
              aria-hidden="true"
              className={`mt-1 size-4 shrink-0 rounded-full border-2 ${
                step.state === 'upcoming' ? 'border-slate-400 bg-white' : 'border-brand-700 bg-brand-700'
              }`}
            />
            <div>
              <p className={step.state === 'current' ? 'font-bold text-slate-900' : 'text-slate-800'}>
                {step.label}
                <span className="sr-only">
                  {step.state === 'done'
                    ? ' (done)'
                    : step.state === 'current'
                      ? ' (where your loan is now)'
                      : ' (still to come)'}
                </span>
              </p>
              {step.state === 'current' && <p className="text-sm text-slate-700">{step.description}</p>}
              {step.at && step.state !== 'upcoming' && <p className="text-sm text-slate-700">{portalDate(step.at)}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
