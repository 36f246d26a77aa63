import type { Metadata } from 'next';
import { connection } from 'next/server';
import { AcceptInviteForm } from '@/components/admin/team/accept-invite-form';
import { InviteGone } from '@/components/admin/team/invite-gone';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { getDb } from '@/lib/db/index.server';
import { findLiveInvite } from '@/lib/team/invites.server';

// The URL holds the invitation's token: no referrer carries it to another site. Not 'no-referrer',
// which makes browsers send `Origin: null` with the form, and Next refuses such an action post.
export const metadata: Metadata = { title: 'Join the Admin | Construction Loan Pros', referrer: 'same-origin' };

/**
 * /invite/<token>: where an invitation e-mail's link leads. No session is needed; the page is
 * rendered per request and never cached (proxy.ts). An unknown, used or expired token gets a page
 * that says so.
 */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const invite = await findLiveInvite(await getDb(), token);
  if (!invite) return <InviteGone />;

  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-brand-900 text-2xl font-bold">Join the Admin</h1>
        <p className="mt-2 text-slate-700">
          You were invited as <strong>{ROLE_LABELS[invite.role]}</strong>. Choose your name and a password to create your account.
        </p>
        <AcceptInviteForm token={token} email={invite.email} />
      </div>
    </div>
  );
}
