import 'server-only';
import type { AdminContext } from '@/lib/admin/context';
import { can } from '@/lib/auth/roles';
import { listDevices } from '@/lib/push/subscriptions.server';
import { vapidPublicKey } from '@/lib/push/vapid-keys.server';
import { PushAlertsPanel } from './push-alerts-panel';

/**
 * 'Lead alerts': a push to this phone or computer within seconds of each new lead, turned on per
 * device, with the account's devices listed. Only for roles that see leads (the alerts tell of them).
 */
export async function PushAlertsSection({ context }: { context: AdminContext }) {
  const { db, account } = context;
  if (!can(account.role, 'leads')) return null;
  const [publicKey, devices] = await Promise.all([vapidPublicKey(db), listDevices(db, account.id)]);
  return (
    <section aria-labelledby="push-alerts-title" className="space-y-4">
      <div>
        <h2 id="push-alerts-title" className="text-brand-900 text-xl font-semibold">
          Lead alerts
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">
          An alert on this phone or computer within seconds of each new lead, with its kind, name and loan amount; tapping it
          opens the lead. Turn it on on each device you want alerts on.
        </p>
      </div>
      <PushAlertsPanel publicKey={publicKey} devices={devices} />
    </section>
  );
}
