import type { OfficerProfile } from '@/lib/officers/types';
import { stateName } from '@/lib/licenses/us-states';
import { nmlsIndividualUrl } from '@/lib/site/nav';

const link = 'text-brand-700 font-medium underline';

/** "Idaho, Oregon and Texas". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * An officer's NMLS ID (linked to their NMLS Consumer Access record, where a visitor checks it),
 * the states they are licensed in and the languages they speak, as a description list.
 */
export function OfficerFacts({ officer, className }: { officer: OfficerProfile; className?: string }) {
  return (
    <dl className={`grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[max-content_1fr] ${className ?? ''}`}>
      <dt className="font-semibold">NMLS ID</dt>
      <dd>
        {officer.nmlsId} (
        <a href={nmlsIndividualUrl(officer.nmlsId)} className={link} rel="noopener noreferrer" target="_blank">
          verify {officer.displayName} at NMLS Consumer Access
        </a>
        )
      </dd>
      {officer.states.length > 0 && (
        <>
          <dt className="font-semibold">Licensed in</dt>
          <dd>{listed(officer.states.map(stateName))}</dd>
        </>
      )}
      {officer.languages.length > 0 && (
        <>
          <dt className="font-semibold">Languages</dt>
          <dd>{listed(officer.languages)}</dd>
        </>
      )}
    </dl>
  );
}
