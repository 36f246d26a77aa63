import type { Metadata } from 'next';
import { connection } from 'next/server';
import { AdminTabs } from '@/components/admin/admin-tabs';
import { BlogPanel } from '@/components/admin/blog/blog-panel';
import { LeadsPanel } from '@/components/admin/leads/leads-panel';
import { NotificationBanner } from '@/components/admin/leads/notification-banner';
import { ContentEditor } from '@/components/admin/content/content-editor';
import { PaymentsPanel } from '@/components/admin/payments-panel';
import { RatesPanel } from '@/components/admin/rates-panel';
import { SecurityPanel } from '@/components/admin/security-panel';
import { readCredentials } from '@/lib/auth/credentials.server';
import { requireAdminPage, sessionLimits } from '@/lib/auth/session.server';
import { listSessions } from '@/lib/auth/sessions.server';
import { listContentRevisions, readContentForEdit } from '@/lib/content/mutations.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { notificationHealth, searchLeads } from '@/lib/leads/admin/queries.server';
import { hasMailTransport } from '@/lib/notifications/transports/index.server';
import { listPayments } from '@/lib/payments/store.server';
import { paymentsConfigured } from '@/lib/payments/stripe.server';
import { readPosts } from '@/lib/posts/queries.server';
import { readRates } from '@/lib/rates/queries.server';

export const metadata: Metadata = { title: 'Admin Dashboard | Construction Loan Pros' };

export default async function AdminPage() {
  await connection();
  const session = await requireAdminPage();
  const db = await getDb();
  // Live reads, not the cached public ones: the editor must start from what is stored now.
  const [{ isDefault }, sessions, content, revisions, rates, posts, leads, health, payments] = await Promise.all([
    readCredentials(db, env.ADMIN_PASSWORD),
    listSessions(db, sessionLimits()),
    readContentForEdit(db),
    listContentRevisions(db),
    readRates(db),
    readPosts(db),
    searchLeads(db, { page: 1 }),
    notificationHealth(db),
    listPayments(db),
  ]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-brand-900 text-3xl font-bold">Admin Dashboard</h1>
        <form method="post" action="/api/auth/logout">
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
            Logout
          </button>
        </form>
      </header>
      {isDefault && (
        <p role="alert" className="mt-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950">
          <strong>You are using the default password.</strong> Anyone who knows it can sign in: change it now in the Security tab.
        </p>
      )}
      <NotificationBanner failing={health.failing} failed={health.failed} transport={hasMailTransport(env)} />
      <AdminTabs
        content={<ContentEditor initial={{ ...content, revisions }} />}
        rates={<RatesPanel initial={rates} />}
        blog={<BlogPanel initial={posts} />}
        leads={<LeadsPanel initial={leads} />}
        payments={<PaymentsPanel payments={payments} configured={paymentsConfigured(env)} />}
        security={
          <SecurityPanel
            currentSessionId={session.id}
            sessions={sessions.map((s) => ({
              id: s.id,
              createdAt: s.createdAt,
              lastSeenAt: s.lastSeenAt,
              userAgent: s.userAgent,
            }))}
          />
        }
      />
    </div>
  );
}
