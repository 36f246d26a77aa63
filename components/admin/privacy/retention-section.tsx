import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { readRetentionSettings } from '@/lib/retention/settings.server';
import { RetentionForm } from './retention-form';

/** Security › 'Data retention': how long leads are kept, and what the daily job deletes regardless. */
export async function RetentionSection({ context }: { context: AdminContext }) {
  const { leadMonths } = await readRetentionSettings(context.db);
  return <RetentionForm leadMonths={leadMonths} />;
}
