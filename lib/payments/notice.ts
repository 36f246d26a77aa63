import type { NotificationMessage } from '../notifications/types';

/** The broker's e-mail about a paid or failed Checkout payment, queued by the webhook (./store.server.ts). */

export interface PaymentNotice {
  status: 'paid' | 'failed';
  plan: string;
  /** Formatted for people ('$495.00'). */
  amount: string;
  customerName: string;
  customerEmail: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  recordedAt: string;
}

export function paymentMessage(notice: PaymentNotice): NotificationMessage {
  const title = notice.status === 'paid' ? 'Payment Received' : 'Payment Failed';
  const text = [
    notice.status === 'paid' ? 'A plan was paid through Stripe Checkout' : 'A Stripe Checkout payment failed',
    '',
    `Plan: ${notice.plan}`,
    `Amount: ${notice.amount}`,
    `Status: ${notice.status}`,
    `Name: ${notice.customerName}`,
    `Email: ${notice.customerEmail}`,
    `Checkout Session: ${notice.checkoutSessionId}`,
    `Payment Intent: ${notice.paymentIntentId || 'N/A'}`,
    '',
    '---',
    `Recorded: ${notice.recordedAt}`,
  ].join('\n');
  return {
    subject: `${title}: ${notice.customerName || notice.customerEmail}`,
    text,
    fromName: notice.customerName,
    fromEmail: notice.customerEmail,
  };
}
