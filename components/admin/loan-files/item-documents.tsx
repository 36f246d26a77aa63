import type { StoredDocument } from '@/lib/documents/types';
import { byteSize } from '@/lib/ui/byte-size';
import { formatTime } from '../leads/format';
import { uploaderLabel } from './labels';

export type ItemDocument = Pick<StoredDocument, 'id' | 'name' | 'size' | 'createdAt' | 'uploadedBy' | 'scan'>;

const linkClass = 'text-brand-700 font-medium underline';

/**
 * What was sent for an item, oldest first: each opens in a new tab (a PDF or an image the browser
 * shows) or downloads. A quarantined file is named but offered to no one: the virus check flagged it.
 */
export function ItemDocuments({ documents }: { documents: ItemDocument[] }) {
  if (documents.length === 0) return <p className="text-sm text-slate-700">Nothing sent yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Documents sent">
      {documents.map((doc) => (
        <li key={doc.id} className="text-sm text-slate-800" data-testid="item-document">
          <span className="font-medium break-all text-slate-900">{doc.name}</span> · {byteSize(doc.size)} ·{' '}
          {formatTime(doc.createdAt)} · sent by {uploaderLabel(doc.uploadedBy)}
          {doc.scan === 'quarantined' ? (
            <span className="mt-1 block w-fit rounded-md bg-red-100 px-2 py-0.5 font-medium text-red-950">
              Quarantined: flagged by the virus check
            </span>
          ) : (
            <span className="mt-1 flex gap-4">
              <a href={`/api/admin/documents/${doc.id}`} target="_blank" rel="noopener noreferrer" className={linkClass}>
                View<span className="sr-only"> {doc.name} (opens in a new tab)</span>
              </a>
              <a href={`/api/admin/documents/${doc.id}?download=1`} className={linkClass}>
                Download<span className="sr-only"> {doc.name}</span>
              </a>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
