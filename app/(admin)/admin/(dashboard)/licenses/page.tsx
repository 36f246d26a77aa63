import type { Metadata } from 'next';
import { LicensesSection } from '@/components/admin/licenses/licenses-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { listLicenses } from '@/lib/licenses/queries.server';

export const metadata: Metadata = { title: sectionTitle('Licenses') };

/** Licenses (owner only): the broker's state licenses and the notices their states require. */
export default async function LicensesAdminPage() {
  const { db } = await adminPageContext('security');
  return <LicensesSection licenses={await listLicenses(db)} />;
}
