import type { UploadOutcome } from '@/lib/loan-files/portal-paths';
import type { PortalItem } from '@/lib/loan-files/portal-view.server';
import { byteSize } from '@/lib/ui/byte-size';
import { portalDate } from './format';
import { ItemStateBadge } from './item-state';
import { UploadForm } from './upload-form';

/** The outcome of a plain-form upload, for the item it was for. */
export interface ItemOutcome {
  item: string;
  outcome: UploadOutcome;
}

/**
 * A list of documents wanted: each with where it stands, what was sent for it and, until it is
 * accepted, a form to send it. `uploadPath` null: shown for information only (the builder's items
 * on the borrower's page are the builder's to send, through their own link).
 */
export function NeedsList({
  id,
  title,
  intro,
  items,
  uploadPath,
  outcome,
}: {
  id: string;
  title: string;
  intro: string;
  items: PortalItem[];
  uploadPath: string | null;
  outcome: ItemOutcome | null;
}) {
  if (items.length === 0) return null;
  const done = items.filter((item) => item.state === 'accepted').length;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-brand-900 text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">
        {intro} {done} of {items.length} accepted.
      </p>
      <ul className="mt-4 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.id} id={`item-${item.id}`} className="scroll-mt-4 py-4" data-item={item.templateKey ?? 'added'}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{item.label}</h3>
              <ItemStateBadge state={item.state} />
            </div>
            {item.note && <p className="mt-1 text-sm text-slate-700">{item.note}</p>}
            {item.state === 'rejected' && item.rejectReason && (
              <p className="mt-2 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">
                <strong>Why we need it again:</strong> {item.rejectReason}
              </p>
            )}
            {item.documents.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label={`Files sent for ${item.label}`}>
                {item.documents.map((document) => (
                  <li key={document.id}>
                    {document.scan === 'quarantined'
                      ? `A file sent ${portalDate(document.createdAt)} was set aside by our virus check.`
                      : `Sent ${portalDate(document.createdAt)}: ${document.name} (${byteSize(document.size)})`}
                  </li>
                ))}
              </ul>
            )}
            {uploadPath && item.state !== 'accepted' && (
              <UploadForm
                action={uploadPath}
                itemId={item.id}
                label={item.label}
                outcome={outcome?.item === item.id ? outcome.outcome : null}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
