/** A stored moment as the portal shows it: "Nov 27, 2026" (UTC, so server and browser agree). */
export const portalDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
