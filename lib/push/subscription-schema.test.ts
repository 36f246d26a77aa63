import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriptionSchema } from './subscription-schema';

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const valid = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  p256dh: ecdh.getPublicKey().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
  userAgent: 'Mozilla/5.0',
};

describe("a browser's push subscription", () => {
  it('is taken as a PushSubscription sends it', () => {
    expect(subscriptionSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a plain http endpoint', { endpoint: 'http://push.example/1' }],
    ['an endpoint that is no URL', { endpoint: 'not a url' }],
    ['a short device key', { p256dh: randomBytes(33).toString('base64url') }],
    ['a device key that is not base64url', { p256dh: `${valid.p256dh.slice(0, -1)}!` }],
    ['a long auth secret', { auth: randomBytes(32).toString('base64url') }],
  ])('refuses %s', (_name, change) => {
    expect(subscriptionSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
