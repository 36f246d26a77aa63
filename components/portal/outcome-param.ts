import { isUploadOutcome } from '@/lib/loan-files/portal-paths';
import type { ItemOutcome } from './needs-list';

/** A plain-form upload's outcome from the page's query (`?item=<id>&upload=<code>`); only known codes. */
export function outcomeOfQuery(query: { item?: string | string[]; upload?: string | string[] }): ItemOutcome | null {
  const { item, upload } = query;
  return typeof item === 'string' && isUploadOutcome(upload) ? { item: item.slice(0, 64), outcome: upload } : null;
}
