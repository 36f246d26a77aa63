import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { NotificationBanner } from '@/components/admin/leads/notification-banner';
import { StepUpDialog } from '@/components/admin/step-up/step-up-dialog';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { can, ROLE_LABELS } from '@/lib/auth/roles';
import { countTroubled } from '@/lib/notifications/queries.server';
import { hasMailTransport } from '@/lib/notifications/transports/index.server';
import { MANIFEST_PATH } from '@/lib/push/admin-app';
import { serverSources } from '@/lib/settings/sources.server';

/** The admin installs as an app of its own (lib/push/admin-app.ts); the public site offers none. */
export const metadata: Metadata = { manifest: MANIFEST_PATH };

/**
 * The dashboard around every admin section: heading, Logout, the warnings the owner must see
 * wherever they are, and the sections' navigation. Each section is its own page with its own
 * data (ADR 013). A session on the built-in default password never gets here: it is sent to
 * 'Choose your password' first (lib/auth/choose-password.ts).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { db, account } = await adminPageContext('account');
  const health = await countTroubled(db);
  const leads = can(account.role, 'leads');
  const transport = leads ? await hasMailTransport(db, serverSources()) : true;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-brand-900 text-3xl font-bold">Admin Dashboard</h1>
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-sm text-slate-700" data-testid="signed-in-as">
            Signed in as <strong>{account.email ?? 'Owner'}</strong> ({ROLE_LABELS[account.role]})
          </p>
          <form method="post" action="/api/auth/logout">
            <button
              type="submit"
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
            >
              Logout
            </button>
          </form>
        </div>
      </header>
      {leads && <NotificationBanner troubled={health} transport={transport} settings={can(account.role, 'security')} />}
      <UnsavedChangesProvider>
        <AdminNav role={account.role} />
        <div className="py-6">{children}</div>
      </UnsavedChangesProvider>
      <StepUpDialog />
    </div>
  );
}
