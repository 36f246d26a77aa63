import { isStateCode, stateName } from '@/lib/licenses/us-states';

/**
 * The "Outside our licenses" marker (routing by state, issue 31): the property is in a state where
 * the broker holds no license. The lead is stored, listed and alerted like any other and assigned
 * to the owner, who decides what to do with it (refer it, or answer that we cannot lend there).
 */
export function OutsideLicensesBadge({ state }: { state: string | null }) {
  return (
    <span data-testid="outside-licenses" className="rounded-full bg-orange-100 px-2 py-0.5 font-medium text-orange-950">
      Outside our licenses{isStateCode(state) ? `: ${stateName(state)}` : ''}
    </span>
  );
}
