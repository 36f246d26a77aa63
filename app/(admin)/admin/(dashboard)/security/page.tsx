import type { Metadata } from 'next';
import { AccountSections } from '@/components/admin/account/account-sections';
import { sectionTitle } from '@/components/admin/sections';
import { RequireTwoFactor } from '@/components/admin/two-factor/require-two-factor';
import { adminPageContext } from '@/lib/admin/page-context.server';

export const metadata: Metadata = { title: sectionTitle('Security') };

/** Security (owner only): the owner's own account, then what the owner sets for everyone. */
export default async function SecurityPage() {
  const context = await adminPageContext('security');
  return (
    <div className="space-y-12">
      <AccountSections context={context} />
      <RequireTwoFactor context={context} />
    </div>
  );
}
