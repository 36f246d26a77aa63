import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { listAccounts } from '@/lib/auth/accounts.server';
import { listInvites } from '@/lib/team/invites.server';
import { OfficerProfilesSection } from '../officers/officer-profiles-section';
import { AccountTable } from './account-table';
import { InviteForm } from './invite-form';
import { InviteList } from './invite-list';

/** Security > Team (owner only): the accounts, the invitations waiting, and a new invitation. */
export async function TeamSection({ context }: { context: AdminContext }) {
  const [accounts, invites] = await Promise.all([listAccounts(context.db), listInvites(context.db)]);
  return (
    <section aria-labelledby="team-title" className="space-y-6">
      <div>
        <h2 id="team-title" className="text-brand-900 text-xl font-semibold">
          Team
        </h2>
        <p className="mt-1 text-slate-700">
          An owner can do everything; an editor edits the site content, rates and blog; a loan officer works the leads.
        </p>
      </div>
      <AccountTable accounts={accounts} currentAccountId={context.account.id} />
      <InviteList invites={invites} />
      <InviteForm />
      <OfficerProfilesSection context={context} />
    </section>
  );
}
