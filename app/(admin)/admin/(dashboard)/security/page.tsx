import type { Metadata } from 'next';
import { AccountSections } from '@/components/admin/account/account-sections';
import { ActivityLogSection } from '@/components/admin/activity/activity-log-section';
import { PrivacyRequests } from '@/components/admin/privacy/privacy-requests';
import { RetentionSection } from '@/components/admin/privacy/retention-section';
import { sectionTitle } from '@/lib/admin/sections';
import { TeamSection } from '@/components/admin/team/team-section';
import { RequireTwoFactor } from '@/components/admin/two-factor/require-two-factor';
import { adminPageContext } from '@/lib/admin/page-context.server';

export const metadata: Metadata = { title: sectionTitle('Security') };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Security (owner only): the owner's own account, then what the owner sets for everyone. */
export default async function SecurityPage({ searchParams }: { searchParams: SearchParams }) {
  const context = await adminPageContext('security');
  return (
    <div className="space-y-12">
      <AccountSections context={context} />
      <TeamSection context={context} />
      <RequireTwoFactor context={context} />
      <RetentionSection context={context} />
      <PrivacyRequests />
      <ActivityLogSection context={context} searchParams={searchParams} />
    </div>
  );
}
