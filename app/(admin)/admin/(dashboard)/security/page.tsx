import type { Metadata } from 'next';
import { sectionTitle } from '@/components/admin/sections';
import { SecurityPanel } from '@/components/admin/security-panel';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { sessionLimits } from '@/lib/auth/session.server';
import { listSessions } from '@/lib/auth/sessions.server';

export const metadata: Metadata = { title: sectionTitle('Security') };

export default async function SecurityPage() {
  const { session, db } = await adminPageContext();
  const sessions = await listSessions(db, sessionLimits());
  return (
    <SecurityPanel
      currentSessionId={session.id}
      // Only what the table shows: the sessions' addresses stay on the server.
      sessions={sessions.map(({ id, createdAt, lastSeenAt, userAgent }) => ({ id, createdAt, lastSeenAt, userAgent }))}
    />
  );
}
