import 'server-only';
import type { DB } from '../db/connect.server';
import { processSingleton } from '../runtime/process-singleton';
import type { ConsentGate, GatedRecipient } from './consent-gate';
import { VISITOR } from './lanes';
import type { AnyTransport } from './transports/types';
import type { NotificationMessage, SmsPayload } from './types';

/**
 * The consent check before each send (./delivery.server.ts), with the check lib/consent/ registers
 * once per process (lib/setup/hooks.server.ts; lib/runtime/process-singleton.ts, since Next's copy
 * of lib/ runs the workers and the server's copy registers). A person who withdrew consent gets
 * nothing more, whenever the message was queued:
 *
 * - e-mail to a visitor (recipient 'visitor': auto-replies, estimates, resume links, a loan file's
 *   mail to its borrower and builder), except what they asked for that moment to reach their own
 *   file (`requested`, the portal's sign-in link). The broker's and the team's own mail is not theirs to stop;
 * - every text, by the number it goes to: a STOP from a number is its owner's word, and Twilio
 *   itself refuses to text a number that sent one (error 21610), the broker's alerts included.
 *
 * A message that may go to a visitor gets its one-click unsubscribe link, in its text and, for the
 * SMTP transport, its List-Unsubscribe headers. Without a registered check (a test of the outbox
 * alone) everything goes as before.
 */

const gate = () => processSingleton('notifications.consent-gate', () => ({ current: null as ConsentGate | null }));

/** Hands the outbox its consent check; registering again replaces it. */
export function setConsentGate(check: ConsentGate): void {
  gate().current = check;
}

/** The payload to send, or why it must not go. */
export type Gated = { payload: unknown } | { refusal: string };

function recipientOf(channel: string, recipient: string, payload: unknown, transport: AnyTransport): GatedRecipient | null {
  if (channel === 'email') {
    const message = payload as NotificationMessage;
    if (recipient !== VISITOR || message.requested || !message.to) return null;
    return { channel: 'email', address: message.to };
  }
  if (channel === 'sms') {
    const address = (payload as SmsPayload).to ?? transport.recipientOf?.(payload as never);
    return address ? { channel: 'sms', address } : null;
  }
  return null;
}

/** The text's last lines: the link in words, for readers whose mail app shows no Unsubscribe button. */
export const unsubscribeFooter = (url: string) =>
  `\n\n--\nTo get no more e-mails from us, unsubscribe here (no account needed):\n${url}\n`;

function withUnsubscribe(message: NotificationMessage, url: string): NotificationMessage {
  return { ...message, text: `${message.text.replace(/\n+$/, '')}${unsubscribeFooter(url)}`, unsubscribeUrl: url };
}

/** Checks a claimed notification's payload against its recipient's consent, now. */
export async function gatePayload(db: DB, row: { recipient: string }, payload: unknown, transport: AnyTransport): Promise<Gated> {
  const check = gate().current;
  const to = check ? recipientOf(transport.channel, row.recipient, payload, transport) : null;
  if (!check || !to) return { payload };
  const refusal = await check.refusal(db, to);
  if (refusal) return { refusal };
  if (to.channel !== 'email') return { payload };
  const url = await check.unsubscribeUrl(db, to.address);
  return { payload: url ? withUnsubscribe(payload as NotificationMessage, url) : payload };
}
