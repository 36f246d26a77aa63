import 'server-only';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { can } from '@/lib/auth/roles';
import { readReminderSettings } from '@/lib/loan-files/reminder-settings.server';
import { ReminderSettingsForm } from './reminder-settings-form';

/**
 * Loan Files: 'Reminders', for the owner only (a loan officer works files but sets no policy).
 * Reads its own context, cached per request, so the page places it in one line.
 */
export async function ReminderSettingsSection() {
  const { account, db } = await adminPageContext('leads');
  if (!can(account.role, 'security')) return null;
  const { reminderDays } = await readReminderSettings(db);
  return (
    <section aria-labelledby="reminder-settings-title" className="mt-8 max-w-2xl space-y-3">
      <h3 id="reminder-settings-title" className="text-brand-900 text-lg font-semibold">
        Reminders
      </h3>
      <p className="text-slate-700">
        The borrower, and the builder once their address is entered, are reminded by e-mail of the documents they still owe. Each
        reminder shows in the lead’s delivery log.
      </p>
      <ReminderSettingsForm reminderDays={reminderDays} />
    </section>
  );
}
