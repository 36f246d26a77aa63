import type { DeliveryState } from '../notifications/types';

/**
 * A payment as the Payments tab lists it, apart from store.server.ts that reads it.
 */

export interface PaymentRow {
  id: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  plan: string;
  amount: number;
  currency: string;
  customerEmail: string;
  customerName: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The newest lead with the same e-mail, if any (spam aside). */
  lead: { id: string; name: string; type: string; createdAt: string } | null;
  /** The delivery of the newest e-mail to the broker about it; null while it is pending. */
  notice: DeliveryState | null;
}
