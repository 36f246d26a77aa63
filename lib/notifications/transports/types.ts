import type { Channel, ChannelPayloads } from '../types';

/**
 * A way of delivering one channel's notifications (SMTP and EmailJS deliver 'email'). `send`
 * resolves once the peer accepted the payload.
 */
export interface Transport<C extends Channel = Channel> {
  /** Recorded with each attempt: 'smtp', 'emailjs'. */
  name: string;
  channel: C;
  send(payload: ChannelPayloads[C]): Promise<void>;
  /**
   * For a payload written for many recipients at once (a lead's push alert to every device): the
   * recipients' own notifications, which the outbox writes in its place when it is claimed
   * (../delivery.server.ts); null for a payload that is one recipient's, sent as it is.
   */
  expand?(payload: ChannelPayloads[C]): Promise<{ recipient: string; payload: ChannelPayloads[C] }[] | null>;
  /**
   * The address a payload goes to when it names none (Twilio's ALERT_SMS_TO), for the consent
   * check before it is sent (../consent-gate.server.ts).
   */
  recipientOf?(payload: ChannelPayloads[C]): string;
  /**
   * For a transport that follows settings which may change (./following-settings.server.ts):
   * looks them up again and says whether it can send now. The worker claims nothing while it
   * cannot (the notifications wait, as without a transport); absent, it always can.
   */
  ready?(): Promise<boolean>;
  close?(): void;
}

/** A transport of any one channel (a union, so a test's e-mail transport need only take e-mail). */
export type AnyTransport = { [C in Channel]: Transport<C> }[Channel];

/** A failed delivery. `retryable` is false when trying again cannot help (e.g. EmailJS 403). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * An error in words, with its cause's where it has one: fetch's "fetch failed" says nothing, its
 * cause ("connect ECONNREFUSED 127.0.0.1:2599") says what the owner must fix.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}
