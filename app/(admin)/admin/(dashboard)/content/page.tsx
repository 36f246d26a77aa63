import type { Metadata } from 'next';
import { ContentEditor } from '@/components/admin/content/content-editor';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { contentAdCopy } from '@/lib/compliance/findings.server';
import { listContentRevisions, readContentForEdit } from '@/lib/content/mutations.server';

export const metadata: Metadata = { title: sectionTitle('Site Content') };

export default async function ContentPage() {
  const { db } = await adminPageContext('content');
  // Live reads, not the cached public ones: the editor must start from what is stored now.
  const [content, revisions] = await Promise.all([readContentForEdit(db), listContentRevisions(db)]);
  // The ad-copy checker's warnings of what is saved now, the spec's defaults included (issue 31).
  const adCopy = await contentAdCopy(db, content.content);
  return <ContentEditor initial={{ ...content, revisions, adCopy }} />;
}
