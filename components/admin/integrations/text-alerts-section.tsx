import 'server-only';
import Link from 'next/link';
import type { DB } from '@/lib/db/connect.server';
import { effectiveSms } from '@/lib/settings/effective.server';
import { serverSources } from '@/lib/settings/sources.server';
import { maskedPhone } from '@/lib/settings/view.server';

/** Integrations > Text alerts: set up in Settings (or the environment), shown here so the owner knows where they go. */
export async function TextAlertsSection({ db }: { db: DB }) {
  const sms = await effectiveSms(db, serverSources());
  return (
    <section aria-labelledby="sms-title" className="space-y-2">
      <h2 id="sms-title" className="text-brand-900 text-xl font-semibold">
        Text alerts
      </h2>
      {sms ? (
        <p className="text-slate-800" data-testid="sms-state">
          Each new lead is texted to <strong>{maskedPhone(sms.to)}</strong> through Twilio, with its kind, name and a link to it
          here. Every text is in the lead&apos;s delivery log.
        </p>
      ) : (
        <p className="text-slate-800" data-testid="sms-state">
          Off. To have each new lead texted to you, enter your Twilio account and your phone number in{' '}
          <Link href="/admin/settings" prefetch={false} className="text-brand-800 font-medium underline underline-offset-2">
            Settings
          </Link>{' '}
          (see docs/integrations.md).
        </p>
      )}
    </section>
  );
}
