/**
 * Spam heuristics for the public lead forms (see docs/decisions/005-lead-capture.md). A suspected
 * spam lead is stored and flagged, never dropped, so a false positive costs the owner a look in
 * the admin rather than a customer. The defaults are loose enough never to flag a person.
 */

export type SpamReason = 'honeypot' | 'too-fast' | 'rate-limit';

export interface SpamSettings {
  minFillSeconds: number;
  rateLimit: number;
}

/** Beyond this many times the rate limit an address's submissions are refused, not stored. */
export const FLOOD_FACTOR = 5;

export function spamReason(
  input: { honeypot: string; fillMs: number | null; recentFromAddress: number },
  settings: SpamSettings,
): SpamReason | null {
  if (input.honeypot.trim() !== '') return 'honeypot';
  // Forms measure their fill time in the browser; without JavaScript there is no measurement,
  // and a visitor without JavaScript must not be flagged for it.
  if (input.fillMs !== null && input.fillMs < settings.minFillSeconds * 1000) return 'too-fast';
  if (input.recentFromAddress >= settings.rateLimit) return 'rate-limit';
  return null;
}

export function isFlood(recentFromAddress: number, settings: SpamSettings): boolean {
  return recentFromAddress >= settings.rateLimit * FLOOD_FACTOR;
}
