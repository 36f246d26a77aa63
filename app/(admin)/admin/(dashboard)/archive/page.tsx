import type { Metadata } from 'next';
import { ArchiveSection } from '@/components/admin/archive/archive-section';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { sectionTitle } from '@/lib/admin/sections';
import { archivedPages } from '@/lib/archive/pages';
import { parseMoment } from '@/lib/archive/query';
import { siteAsOf } from '@/lib/archive/site-as-of.server';
import { archiveSize, recentChanges } from '@/lib/archive/versions.server';

export const metadata: Metadata = { title: sectionTitle('Ad archive') };

type Props = { searchParams: Promise<{ at?: string | string[] }> };

/** Ad archive (owner only): the site as of the moment in `?at=` (UTC; now without one). */
export default async function ArchiveAdminPage({ searchParams }: Props) {
  const { db } = await adminPageContext('security');
  const { at: asked } = await searchParams;
  const at = parseMoment(Array.isArray(asked) ? undefined : asked) ?? new Date().toISOString();
  const [site, changes, size] = await Promise.all([siteAsOf(db, at), recentChanges(db, at), archiveSize(db)]);
  return <ArchiveSection at={site.at} pages={archivedPages(site)} live={site.versions} changes={changes} size={size} />;
}
