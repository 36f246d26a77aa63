import type { PaymentRow } from '@/lib/payments/types';
import { formatMoney } from '@/lib/payments/format';
import { NOTIFICATION_CLASS, NOTIFICATION_LABELS } from './leads/format';

/** The admin's Payments list (read on the server after the session check), newest first. */
export function PaymentsPanel({ payments, configured }: { payments: PaymentRow[]; configured: boolean }) {
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title" className="text-brand-900 text-xl font-bold">
        Payments
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {configured
          ? 'Recorded from Stripe’s signed webhook. A payment is linked to the newest lead with the same e-mail.'
          : 'Stripe is not configured (STRIPE_SECRET_KEY): the plan buttons show “Feature not implemented”.'}
      </p>
      {payments.length === 0 ? (
        <p className="mt-6 text-slate-700">No payments yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4">
                  Customer
                </th>
                <th scope="col" className="py-2 pr-4">
                  Plan
                </th>
                <th scope="col" className="py-2 pr-4">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4">
                  Notice
                </th>
                <th scope="col" className="py-2 pr-4">
                  Lead
                </th>
                <th scope="col" className="py-2">
                  Stripe
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">{p.createdAt.slice(0, 16).replace('T', ' ')}</td>
                  <td className="py-2 pr-4">
                    {p.customerName || '—'}
                    <br />
                    <a href={`mailto:${p.customerEmail}`} className="text-brand-700 underline">
                      {p.customerEmail}
                    </a>
                  </td>
                  <td className="py-2 pr-4">{p.plan}</td>
                  <td className="py-2 pr-4">{formatMoney(p.amount, p.currency)}</td>
                  <td className="py-2 pr-4">{p.status}</td>
                  <td className="py-2 pr-4">
                    {p.notice ? (
                      <>
                        <span className={`rounded-full px-2 py-0.5 font-medium ${NOTIFICATION_CLASS[p.notice.status]}`}>
                          E-mail: {NOTIFICATION_LABELS[p.notice.status]}
                        </span>
                        {p.notice.lastError && <span className="mt-1 block text-xs text-slate-700">{p.notice.lastError}</span>}
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="py-2 pr-4">
                    {p.lead ? `${p.lead.name || p.customerEmail} (${p.lead.type}, ${p.lead.createdAt.slice(0, 10)})` : 'No lead'}
                  </td>
                  <td className="py-2 font-mono text-xs break-all">
                    {p.checkoutSessionId}
                    {p.paymentIntentId && (
                      <>
                        <br />
                        {p.paymentIntentId}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
