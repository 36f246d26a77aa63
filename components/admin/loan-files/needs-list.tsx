import type { LoanFileItem, OwedBy } from '@/lib/loan-files/types';
import { ItemDocuments, type ItemDocument } from './item-documents';
import { ItemReview } from './item-review';
import { ITEM_STATE_CLASS, ITEM_STATE_LABELS } from './labels';

const GROUPS: { owedBy: OwedBy; title: string }[] = [
  { owedBy: 'borrower', title: 'From the borrower' },
  { owedBy: 'builder', title: 'From the builder' },
];

/** The needs list by who owes each item, in its order: each item's state, what was sent, and its review. */
export function NeedsList({ items, documents }: { items: LoanFileItem[]; documents: Map<string, ItemDocument[]> }) {
  return (
    <div className="space-y-6">
      {GROUPS.map(({ owedBy, title }) => {
        const owed = items.filter((item) => item.owedBy === owedBy);
        return (
          <div key={owedBy}>
            <h3 className="text-brand-900 text-lg font-semibold">{title}</h3>
            {owed.length === 0 ? (
              <p className="mt-1 text-slate-700">Nothing is asked of the {owedBy}.</p>
            ) : (
              <ol className="mt-2 space-y-3">
                {owed.map((item) => (
                  <li key={item.id}>
                    <NeedsListItem item={item} documents={documents.get(item.id) ?? []} />
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
    </div>
  );
}

function NeedsListItem({ item, documents }: { item: LoanFileItem; documents: ItemDocument[] }) {
  const headingId = `item-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="needs-list-item"
      data-state={item.state}
      data-template={item.templateKey ?? undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {item.label}
        </h4>
        <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${ITEM_STATE_CLASS[item.state]}`} data-testid="item-state">
          {ITEM_STATE_LABELS[item.state]}
        </span>
      </div>
      {item.note && <p className="text-sm text-slate-700">{item.note}</p>}
      {item.expiresOn && <p className="text-sm text-slate-800">Expires {item.expiresOn}</p>}
      {item.state === 'rejected' && item.rejectReason && <p className="text-sm text-slate-800">Rejected: {item.rejectReason}</p>}
      <ItemDocuments documents={documents} />
      <ItemReview item={{ id: item.id, state: item.state, asksExpiry: item.asksExpiry, expiresOn: item.expiresOn }} />
    </article>
  );
}
