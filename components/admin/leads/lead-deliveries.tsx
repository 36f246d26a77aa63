'use client';

import { useEffect, useState } from 'react';
import { channelLabel, DeliveryLog } from '@/components/admin/integrations/delivery-log';
import { leadDeliveriesAction } from '@/lib/notifications/actions/deliveries';
import type { LabelledDelivery } from '@/lib/notifications/delivery-types';

/**
 * The lead dialog's delivery log: every alert of the lead (the broker's e-mail and text, the
 * visitor's auto-reply, each device's push, each webhook), with each attempt and 'Resend' for a
 * webhook. Read again whenever the dialog's lead changes (`version`: a save, a retry).
 */
export function LeadDeliveries({ leadId, version }: { leadId: string; version: unknown }) {
  const [deliveries, setDeliveries] = useState<LabelledDelivery[] | null>(null);
  const [message, setMessage] = useState('');
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let live = true;
    void leadDeliveriesAction({ id: leadId }).then((result) => {
      if (live) setDeliveries(result.ok ? result.data : []);
    });
    return () => {
      live = false;
    };
  }, [leadId, version, reads]);

  return (
    <section aria-labelledby="lead-deliveries">
      <h3 id="lead-deliveries" className="text-brand-900 text-lg font-semibold">
        Delivery log
      </h3>
      {deliveries === null ? (
        <p className="text-slate-700">Loading deliveries...</p>
      ) : (
        <DeliveryLog
          deliveries={deliveries}
          empty="No alerts were sent for this lead."
          labelOf={(d) => (d.channel === 'webhook' ? `${d.to} · ${d.event ?? 'event'}` : `${channelLabel(d.channel)} to ${d.to}`)}
          onResent={(result) => {
            setMessage(result.ok ? `${result.title}: ${result.message ?? ''}` : `${result.title}: ${result.error}`);
            setReads((n) => n + 1);
          }}
        />
      )}
      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-sm font-medium text-slate-900">
        {message}
      </p>
    </section>
  );
}
