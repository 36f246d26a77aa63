import type { NotificationMessage } from '../messages';

/** A way of delivering a notification to the broker. `send` resolves once the peer accepted it. */
export interface Transport {
  name: 'smtp' | 'emailjs';
  send(message: NotificationMessage): Promise<void>;
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
