import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Troubled } from '@/lib/notifications/delivery-types';

/** Where the owner sees each kind of notification's errors and retries it. */
const TROUBLE = {
  lead: { title: 'Lead e-mail notifications are failing', where: 'Open the Leads tab to see the errors and use Retry now.' },
  payment: { title: 'Payment notices are failing', where: 'Open the Payments tab to see which.' },
} as const;

/**
 * The dashboard's warning when leads or payment notices are not reaching the broker's mailbox:
 * notifications failing or given up on, or no mail transport configured at all (they then wait
 * in the outbox until the owner sets e-mail up in Settings, or the environment does).
 */
export function NotificationBanner({
  troubled,
  transport,
  settings,
}: {
  troubled: Troubled;
  transport: boolean;
  /** Whether the account may open the Settings (the owner), where e-mail is set up. */
  settings: boolean;
}) {
  const problems: { title: string; text: ReactNode }[] = [];
  if (!transport) {
    const where = settings ? (
      <>
        Set up e-mail in{' '}
        <Link href="/admin/settings" prefetch={false} className="font-semibold underline underline-offset-2">
          Settings
        </Link>
      </>
    ) : (
      'The owner sets up e-mail in Settings'
    );
    problems.push({
      title: 'No e-mail transport is configured.',
      text: <>{where}: until then lead notifications wait unsent (the leads themselves are stored in the Leads tab).</>,
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
