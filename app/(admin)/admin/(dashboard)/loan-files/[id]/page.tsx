import type { Metadata } from 'next';
import Link from 'next/link';
import type { ItemDocument } from '@/components/admin/loan-files/item-documents';
import { LoanFileView } from '@/components/admin/loan-files/loan-file-view';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import type { DB } from '@/lib/db/connect.server';
import { documentsOf } from '@/lib/documents/store.server';
import { listAssignees } from '@/lib/leads/pipeline/assignees.server';
import { loanFile } from '@/lib/loan-files/queries.server';
import type { LoanFileItem } from '@/lib/loan-files/types';
import { itemOfOwner, itemOwner } from '@/lib/loan-files/upload-access.server';

export const metadata: Metadata = { title: sectionTitle('Loan Files') };

/** /admin/loan-files/<id>: one loan file, its needs list with what was sent for each item. */
export default async function LoanFilePage({ params }: { params: Promise<{ id: string }> }) {
  const { db } = await adminPageContext('leads');
  const file = await loanFile(db, (await params).id);
  if (!file) return <FileNotFound />;
  const [documents, team] = await Promise.all([documentsByItem(db, file.items), listAssignees(db)]);
  return <LoanFileView file={file} documents={documents} names={new Map(team.map((member) => [member.id, member.label]))} />;
}

async function documentsByItem(db: DB, items: LoanFileItem[]): Promise<Map<string, ItemDocument[]>> {
  const byItem = new Map<string, ItemDocument[]>();
  for (const { id, owner, name, size, createdAt, uploadedBy, scan } of await documentsOf(
    db,
    items.map((item) => itemOwner(item.id)),
  )) {
    const itemId = itemOfOwner(owner);
    if (itemId) byItem.set(itemId, [...(byItem.get(itemId) ?? []), { id, name, size, createdAt, uploadedBy, scan }]);
  }
  return byItem;
}

function FileNotFound() {
  return (
    <section aria-labelledby="loan-file-missing" className="space-y-2">
      <h2 id="loan-file-missing" className="text-brand-900 text-xl font-bold">
        Loan file not found
      </h2>
      <p className="text-slate-800">It may have been deleted with its lead.</p>
      <Link href="/admin/loan-files" className="text-brand-700 font-medium underline">
        All loan files
      </Link>
    </section>
  );
}
