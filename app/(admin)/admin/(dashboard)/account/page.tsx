import type { Metadata } from 'next';
import { AccountSections } from '@/components/admin/account/account-sections';
import { OwnProfileSection } from '@/components/admin/officers/own-profile-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';

export const metadata: Metadata = { title: sectionTitle('My Account') };

/** My Account: every account's own password, second factors and sessions; a loan officer's own profile. */
export default async function AccountPage() {
  const context = await adminPageContext('account');
  return (
    <div className="space-y-12">
      <AccountSections context={context} />
      <OwnProfileSection context={context} />
    </div>
  );
}
