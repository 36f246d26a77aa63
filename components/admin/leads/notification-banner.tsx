/**
 * The dashboard's warning when leads are not reaching the broker's mailbox: notifications failing
 * or given up on, or no mail transport configured at all (they then wait in the outbox).
 */
export function NotificationBanner({ failing, failed, transport }: { failing: number; failed: number; transport: boolean }) {
  const problems: { title: string; text: string }[] = [];
  if (!transport) {
    problems.push({
      title: 'No e-mail transport is configured.',
      text: 'Set SMTP_URL or the EMAILJS_* settings: until then lead notifications wait unsent (the leads themselves are stored in the Leads tab).',
    });
  }
  if (failing + failed > 0) {
    const parts = [failing > 0 && `${failing} failing and retrying`, failed > 0 && `${failed} failed for good`].filter(Boolean);
    problems.push({
      title: 'Lead e-mail notifications are failing',
      text: `(${parts.join(', ')}). Open the Leads tab to see the errors and use Retry now.`,
    });
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
