import type { Metadata } from 'next';
import Link from 'next/link';
import { LoanFilesList } from '@/components/admin/loan-files/loan-files-list';
import { OpenOnApplication } from '@/components/admin/loan-files/open-on-application';
import { ReminderSettingsSection } from '@/components/admin/loan-files/reminder-settings-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { can } from '@/lib/auth/roles';
import { listLoanFiles } from '@/lib/loan-files/queries.server';
import { readMilestoneNames } from '@/lib/loan-files/template-overrides.server';

export const metadata: Metadata = { title: sectionTitle('Loan Files') };

export default async function LoanFilesPage() {
  const { account, db } = await adminPageContext('leads');
  return (
    <>
      <LoanFilesList files={await listLoanFiles(db)} milestoneNames={await readMilestoneNames(db)} />
      {can(account.role, 'security') && (
        <p className="mt-8">
          <Link href="/admin/loan-files/templates" className="text-brand-700 font-medium underline">
            Edit the needs list and milestones
          </Link>
        </p>
      )}
      <OpenOnApplication />
      <ReminderSettingsSection />
    </>
  );
}
