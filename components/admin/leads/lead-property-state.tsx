import { isStateCode, stateName } from '@/lib/licenses/us-states';
import type { Lead } from '@/lib/leads/types';

/**
 * The state the lead was routed by (issue 31) and, for a state outside the broker's licenses, what
 * that means: the lead is kept and assigned to the owner, whose decision it is. Nothing for a lead
 * that named no state.
 */
export function LeadPropertyState({ lead }: { lead: Pick<Lead, 'propertyState' | 'outsideLicenses'> }) {
  if (!lead.propertyState) return null;
  const name = isStateCode(lead.propertyState) ? stateName(lead.propertyState) : lead.propertyState;
  if (!lead.outsideLicenses) return <p className="text-slate-800">Property state: {name}.</p>;
  return (
    <p data-testid="lead-outside-licenses" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-slate-900">
      Property state: {name}, where we hold no license. The lead is kept and assigned to the owner, who decides: refer it to a
      lender licensed there, or tell the borrower we cannot help with a property in {name}.
    </p>
  );
}
