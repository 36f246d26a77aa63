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
  close?(): void;
}

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
