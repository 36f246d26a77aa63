import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-schema';

/** The text-alert and webhook settings (issue 18): all or none, with a readable error. */
describe('alert settings', () => {
  const twilio = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+12085550199', ALERT_SMS_TO: '+12085550100' };
  const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;

  it('takes Twilio’s four values together, with the API at api.twilio.com unless told', () => {
    expect(parseEnv(twilio)).toMatchObject({ ...twilio, TWILIO_API_URL: 'https://api.twilio.com' });
    expect(() => parseEnv({ ALERT_SMS_TO: '+12085550100' })).toThrow(
      /TWILIO_ACCOUNT_SID: is required when ALERT_SMS_TO is set[\s\S]*TWILIO_FROM: is required/,
    );
  });

  it('takes a webhook URL with a whsec_ secret, and refuses either alone or a malformed secret', () => {
    expect(parseEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/x', LEAD_WEBHOOK_SECRET: secret })).toMatchObject({
      LEAD_WEBHOOK_URL: 'https://hooks.example/x',
      LEAD_WEBHOOK_SECRET: secret,
    });
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(
      /LEAD_WEBHOOK_SECRET: is required when LEAD_WEBHOOK_URL is set/,
    );
    expect(() => parseEnv({ LEAD_WEBHOOK_SECRET: secret })).toThrow(
      /LEAD_WEBHOOK_URL: is required when LEAD_WEBHOOK_SECRET is set/,
    );
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/x', LEAD_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /LEAD_WEBHOOK_SECRET: must be whsec_/,
    );
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'ftp://x', LEAD_WEBHOOK_SECRET: secret })).toThrow(
      /LEAD_WEBHOOK_URL: must be an http/,
    );
  });
});
