import type { Troubled } from '@/lib/notifications/delivery-types';

/** Where the owner sees each kind of notification's errors and retries it. */
const TROUBLE = {
  lead: { title: 'Lead e-mail notifications are failing', where: 'Open the Leads tab to see the errors and use Retry now.' },
  payment: { title: 'Payment notices are failing', where: 'Open the Payments tab to see which.' },
} as const;

/**
 * The dashboard's warning when leads or payment notices are not reaching the broker's mailbox:
 * notifications failing or given up on, or no mail transport configured at all (they then wait
 * in the outbox).
 */
export function NotificationBanner({ troubled, transport }: { troubled: Troubled; transport: boolean }) {
  const problems: { title: string; text: string }[] = [];
  if (!transport) {
    problems.push({
      title: 'No e-mail transport is configured.',
      text: 'Set SMTP_URL or the EMAILJS_* settings: until then lead notifications wait unsent (the leads themselves are stored in the Leads tab).',
    });
  }
  for (const subject of ['lead', 'payment'] as const) {
    const { failing, failed } = troubled[subject];
    if (failing + failed === 0) continue;
    const parts = [failing > 0 && `${failing} failing and retrying`, failed > 0 && `${failed} failed for good`].filter(Boolean);
    problems.push({ title: TROUBLE[subject].title, text: `(${parts.join(', ')}). ${TROUBLE[subject].where}` });
  }
  if (problems.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="notification-banner"
      className="mt-6 space-y-1 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-950"
    >
      {problems.map((p) => (
        <p key={p.title}>
          <strong>{p.title}</strong> {p.text}
        </p>
      ))}
    </div>
  );
}
