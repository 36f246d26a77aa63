import type { Metadata } from 'next';
import { LoanFilesList } from '@/components/admin/loan-files/loan-files-list';
import { OpenOnApplication } from '@/components/admin/loan-files/open-on-application';
import { ReminderSettingsSection } from '@/components/admin/loan-files/reminder-settings-section';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { listLoanFiles } from '@/lib/loan-files/queries.server';

export const metadata: Metadata = { title: sectionTitle('Loan Files') };

export default async function LoanFilesPage() {
  const { db } = await adminPageContext('leads');
  return (
    <>
      <LoanFilesList files={await listLoanFiles(db)} />
      <OpenOnApplication />
      <ReminderSettingsSection />
    </>
  );
}
