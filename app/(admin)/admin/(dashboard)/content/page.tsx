import type { Metadata } from 'next';
import { ContentEditor } from '@/components/admin/content/content-editor';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { listContentRevisions, readContentForEdit } from '@/lib/content/mutations.server';

export const metadata: Metadata = { title: sectionTitle('Site Content') };

export default async function ContentPage() {
  const { db } = await adminPageContext('content');
  // Live reads, not the cached public ones: the editor must start from what is stored now.
  const [content, revisions] = await Promise.all([readContentForEdit(db), listContentRevisions(db)]);
  return <ContentEditor initial={{ ...content, revisions }} />;
}
