import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { OWNER_ACCOUNT_ID } from '@/lib/auth/policy';
import { sessionLimits } from '@/lib/auth/session.server';
import { listSessions } from '@/lib/auth/sessions.server';
import { DigestSection } from './digest-section';
import { PasswordAndSessions } from './password-and-sessions';
import { PushAlertsSection } from './push-alerts-section';
import { TwoFactorSection } from './two-factor-section';

/**
 * What every account manages for itself: its password, its second factors, its sessions and
 * (accounts that work leads) the daily digest and the devices that get lead alerts. The owner
 * sees these in Security, the team in My Account.
 */
export async function AccountSections({ context }: { context: AdminContext }) {
  const { session, account, db } = context;
  const sessions = await listSessions(db, account.id, sessionLimits());
  return (
    <>
      <PasswordAndSessions
        owner={account.id === OWNER_ACCOUNT_ID}
        currentSessionId={session.id}
        // Only what the table shows: the sessions' addresses stay on the server.
        sessions={sessions.map(({ id, createdAt, lastSeenAt, userAgent }) => ({ id, createdAt, lastSeenAt, userAgent }))}
      />
      <TwoFactorSection context={context} />
      <DigestSection context={context} />
      <PushAlertsSection context={context} />
    </>
  );
}
