import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { sectionsFor } from '@/components/admin/sections';
import { requireAdminPage } from '@/lib/auth/session.server';

/**
 * /admin opens the first section the account's role may open, until the dashboard has an
 * overview of its own. It sits outside the (dashboard) group so the redirect is a plain 307:
 * under the dashboard's layout the response would already be streaming, and a browser without
 * JavaScript would be left on an error page.
 */
export default async function AdminPage() {
  await connection();
  const session = await requireAdminPage();
  redirect(sectionsFor(session.account.role)[0]?.href ?? '/admin/account');
}
