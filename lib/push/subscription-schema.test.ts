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
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://fcm.googleapis.com/wp/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
  ])('takes an endpoint of a browser push service: %s', (endpoint) => {
    expect(subscriptionSchema.parse({ ...valid, endpoint }).endpoint).toBe(endpoint);
  });

  it.each([
    'https://10.0.0.5/push/1',
    'https://127.0.0.1:8443/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/push/1',
    'https://[fe80::1]/push/1',
    'https://[fd00::1]/push/1',
    'https://localhost/push/1',
    'https://push.attacker.example/redirect-to-metadata',
    'https://fcm.googleapis.com.attacker.example/fcm/send/1',
    'https://notify.windows.com.attacker.example/w/1',
    'https://user:pass@fcm.googleapis.com/fcm/send/1',
  ])('refuses, with the reason, an endpoint that is no browser push service: %s', (endpoint) => {
    const result = subscriptionSchema.safeParse({ ...valid, endpoint });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(
      /^Alerts go only through a browser's own push service \(Chrome, Firefox, Safari, Edge\); this browser offered /,
    );
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
