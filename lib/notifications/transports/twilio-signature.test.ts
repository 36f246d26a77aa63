import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio-signature.server';

// The worked example of Twilio's "Validating requests" documentation.
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = new URLSearchParams({
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
});

describe("Twilio's request signature", () => {
  it("matches Twilio's documented example, whatever the order of the parameters", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    const shuffled = new URLSearchParams([...PARAMS].reverse());
    expect(validTwilioSignature(TOKEN, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', URL, shuffled)).toBe(true);
  });

  it('refuses another URL, another token, a changed parameter, a missing or malformed signature', () => {
    const good = twilioSignature(TOKEN, URL, PARAMS);
    expect(validTwilioSignature(TOKEN, good, 'https://evil.example/myapp.php?foo=1&bar=2', PARAMS)).toBe(false);
    expect(validTwilioSignature('54321', good, URL, PARAMS)).toBe(false);
    const changed = new URLSearchParams(PARAMS);
    changed.set('Digits', '1235');
    expect(validTwilioSignature(TOKEN, good, URL, changed)).toBe(false);
    expect(validTwilioSignature(TOKEN, null, URL, PARAMS)).toBe(false);
    expect(validTwilioSignature(TOKEN, 'not-a-signature', URL, PARAMS)).toBe(false);
    expect(validTwilioSignature('', good, URL, PARAMS)).toBe(false);
  });

  it('sorts the values of a repeated parameter', () => {
    const a = new URLSearchParams([
      ['MediaUrl', 'b'],
      ['MediaUrl', 'a'],
    ]);
    const b = new URLSearchParams([
      ['MediaUrl', 'a'],
      ['MediaUrl', 'b'],
    ]);
    expect(twilioSignature(TOKEN, URL, a)).toBe(twilioSignature(TOKEN, URL, b));
  });
});
