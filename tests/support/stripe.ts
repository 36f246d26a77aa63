import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server standing in for the Stripe API (the SDK reaches it through its host, port
 * and protocol settings, from STRIPE_API_URL). It records each request's form-encoded body and
 * answers a Checkout Session, or Stripe's error shape when `fail` is set.
 */
export interface StripeStandIn {
  url: string;
  requests: { method: string; path: string; body: URLSearchParams; authorization: string }[];
  /** Answer the next session requests with this Stripe error message (400), until cleared. */
  fail: string | null;
  stop(): Promise<void>;
}

export const CHECKOUT_URL = 'https://checkout.stripe.test/pay/cs_test_1';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const standIn: Omit<StripeStandIn, 'url' | 'stop'> = { requests: [], fail: null };
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      standIn.requests.push({
        method: req.method ?? '',
        path,
        body: new URLSearchParams(raw),
        authorization: req.headers.authorization ?? '',
      });
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (standIn.fail) {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: standIn.fail } }));
          return;
        }
        res.end(
          JSON.stringify({
            id: 'cs_test_1',
            object: 'checkout.session',
            mode: 'payment',
            url: CHECKOUT_URL,
            payment_status: 'unpaid',
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export const WEBHOOK_SECRET = 'whsec_test_secret';

/** A Checkout event as Stripe sends it. */
export function checkoutEvent(
  overrides: { id?: string; type?: string; sessionId?: string; paymentStatus?: string; email?: string } = {},
): string {
  return JSON.stringify({
    id: overrides.id ?? 'evt_test_1',
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: overrides.sessionId ?? 'cs_test_1',
        object: 'checkout.session',
        mode: 'payment',
        amount_total: 49500,
        currency: 'usd',
        payment_status: overrides.paymentStatus ?? 'paid',
        payment_intent: 'pi_test_1',
        customer_details: { email: overrides.email ?? 'jane@example.com', name: 'Jane Builder' },
        metadata: { plan: 'standard' },
      },
    },
  });
}

/** The Stripe-Signature header Stripe would send for a payload. */
export function signature(payload: string, secret = WEBHOOK_SECRET): string {
  return new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
}
