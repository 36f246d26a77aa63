import type { Metadata } from 'next';
import { SettingsForm } from '@/components/admin/settings/settings-form';
import { TestSection } from '@/components/admin/settings/test-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { serverSources } from '@/lib/settings/sources.server';
import { settingsView } from '@/lib/settings/view.server';

export const metadata: Metadata = { title: sectionTitle('Settings') };

/**
 * Settings (owner only, issue 33): how e-mail and texts go out and the site's public address,
 * entered here instead of in the server's environment, and the test sends that prove them.
 */
export default async function SettingsPage() {
  const { db } = await adminPageContext('security');
  const view = await settingsView(db, serverSources());
  return (
    <div className="space-y-12">
      <TestSection view={view} />
      <SettingsForm view={view} />
    </div>
  );
}
