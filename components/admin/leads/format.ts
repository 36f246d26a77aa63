import type { NotificationStatus } from '@/lib/leads/types';

/** Times in UTC, the same on the server's render and in the browser (no hydration mismatch). */
const time = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

export const formatTime = (iso: string | null | undefined) => (iso ? `${time.format(new Date(iso))} UTC` : '');

export const NOTIFICATION_LABELS: Record<NotificationStatus, string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  failing: 'Failing',
  failed: 'Failed',
  skipped: 'Not sent (spam)',
};

export const NOTIFICATION_CLASS: Record<NotificationStatus, string> = {
  waiting: 'bg-amber-100 text-amber-950',
  sent: 'bg-emerald-100 text-emerald-950',
  failing: 'bg-red-100 text-red-950',
  failed: 'bg-red-100 text-red-950',
  skipped: 'bg-slate-200 text-slate-900',
};

export const RETRYABLE: readonly NotificationStatus[] = ['waiting', 'failing', 'failed'];
