/** "2026-11-21" or an ISO time → "November 21, 2026", the same on the server and in every browser. */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T12:00:00Z` : isoDate);
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}
