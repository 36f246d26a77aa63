import type { Metadata } from 'next';
import { ConfirmPage } from '@/components/admin/step-up/confirm-page';
import { safeNext } from '@/lib/admin/confirm-path';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { secondFactorsOf } from '@/lib/auth/two-factor/factors.server';

export const metadata: Metadata = { title: "Confirm It's You | Admin Dashboard | Construction Loan Pros" };

/**
 * /admin/confirm?next=...: where a navigation that needs a recent sign-in (the leads' CSV export
 * link) is sent first. Once confirmed, the browser goes on to `next`, which may only be one of
 * the admin's own paths (lib/admin/confirm-path.ts).
 */
export default async function ConfirmIdentityPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { db, account } = await adminPageContext('account');
  const { next } = await searchParams;
  const factors = await secondFactorsOf(db, account.id);
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <ConfirmPage
          next={safeNext(typeof next === 'string' ? next : null)}
          methods={{ totp: factors.totp, passkey: factors.passkeys > 0 }}
        />
      </div>
    </div>
  );
}
