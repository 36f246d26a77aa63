import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ChoosePasswordForm } from '@/components/admin/choose-password-form';
import { adminPageContext } from '@/lib/admin/page-context.server';

export const metadata: Metadata = { title: 'Choose Your Password | Admin Dashboard | Construction Loan Pros' };

/**
 * /admin/choose-password: where a sign-in with the built-in default password goes first, and the
 * only admin page it opens until another password is chosen (lib/auth/choose-password.ts). Once
 * one is, it leads on to the dashboard.
 */
export default async function ChoosePasswordPage() {
  const { session } = await adminPageContext('account', { choosingPassword: true });
  if (!session.mustChoosePassword) redirect('/admin');
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <ChoosePasswordForm />
      </div>
    </div>
  );
}
