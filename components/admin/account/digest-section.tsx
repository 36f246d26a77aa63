import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { OWNER_ACCOUNT_ID } from '@/lib/auth/policy';
import { can } from '@/lib/auth/roles';
import { wantsDigest } from '@/lib/leads/pipeline/digest.server';
import { DigestToggle } from './digest-toggle';

/** 'Daily follow-up digest', for the accounts that work leads (the owner and loan officers). */
export async function DigestSection({ context }: { context: AdminContext }) {
  const { db, account } = context;
  if (!can(account.role, 'leads')) return null;
  const owner = account.id === OWNER_ACCOUNT_ID;
  return (
    <section aria-labelledby="digest-title" className="max-w-2xl space-y-3">
      <h2 id="digest-title" className="text-brand-900 text-xl font-semibold">
        Daily follow-up digest
      </h2>
      <p className="text-slate-700">
        {owner
          ? "Once a day, an e-mail to the broker's mailbox (MAIL_TO) listing your overdue follow-ups and the unassigned ones, when there are any."
          : `Once a day, an e-mail to ${account.email} listing the leads assigned to you whose follow-up date has passed, when there are any.`}
      </p>
      <DigestToggle wantsDigest={await wantsDigest(db, account.id)} />
    </section>
  );
}
