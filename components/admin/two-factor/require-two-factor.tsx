import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { isTwoFactorRequired } from '@/lib/auth/two-factor/requirement.server';
import { RequireTwoFactorForm } from './require-two-factor-form';

/** Security (owner): 'Require two-factor for every account'. */
export async function RequireTwoFactor({ context }: { context: AdminContext }) {
  return <RequireTwoFactorForm required={await isTwoFactorRequired(context.db)} />;
}
