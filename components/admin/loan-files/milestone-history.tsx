import { milestoneLabel, type MilestoneNames } from '@/lib/loan-files/milestones';
import type { MilestoneChange } from '@/lib/loan-files/types';
import { formatTime } from '../leads/format';

/** Every milestone the file reached, oldest first, with who set it ('the system' when none did). */
export function MilestoneHistory({
  history,
  milestoneNames,
  names,
}: {
  history: MilestoneChange[];
  milestoneNames: MilestoneNames;
  names: Map<string, string>;
}) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">History</h3>
      <ol className="mt-1 space-y-1 text-slate-800" data-testid="milestone-history">
        {history.map((change, i) => (
          <li key={i}>
            {formatTime(change.at)}: {milestoneLabel(change.milestone, milestoneNames)}
            {change.byAccount ? ` by ${names.get(change.byAccount) ?? 'a former team member'}` : ' (automatic)'}
          </li>
        ))}
      </ol>
    </div>
  );
}
