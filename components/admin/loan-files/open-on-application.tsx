import 'server-only';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { can } from '@/lib/auth/roles';
import { opensFileOnApplication } from '@/lib/loan-files/open-on-application.server';
import { OpenOnApplicationForm } from './open-on-application-form';

/**
 * Loan Files: 'Open a loan file for every new application', for the owner only (a loan officer sees
 * the list without it). Reads its own context, cached per request, so the page places it in one line.
 */
export async function OpenOnApplication() {
  const { account, db } = await adminPageContext('leads');
  if (!can(account.role, 'security')) return null;
  return <OpenOnApplicationForm on={await opensFileOnApplication(db)} />;
}
