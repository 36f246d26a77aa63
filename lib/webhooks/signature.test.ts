import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookCreateSchema } from './schemas';
import { newWebhookSecret, signedHeaders } from './signature.server';

describe('Standard Webhooks signing', () => {
  it('signs as the reference library does, and its verifier accepts ours', () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const body = '{"type":"lead.created","data":{"id":"x"}}';
    const headers = signedHeaders(secret, 'msg_1', body, at);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, body));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('makes a new 32-byte whsec_ secret each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });
});

describe('the endpoint form', () => {
  const valid = {
    url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
    description: ' CRM ',
    events: ['lead.updated', 'lead.created'],
  };

  it('takes an https address, trims, and keeps the events in their own order', () => {
    expect(webhookCreateSchema.parse(valid)).toEqual({ ...valid, description: 'CRM', events: ['lead.created', 'lead.updated'] });
    expect(webhookCreateSchema.safeParse({ ...valid, url: 'http://127.0.0.1:8080/hook' }).success).toBe(true);
  });

  // Whether an http(s) address may be sent to is the server's to say once it has resolved it
  // (the address rules, lib/webhooks/actions/endpoints.test.ts): plain http:// only to a private address.
  it('refuses non-URLs, other schemes, a user name or password, no events and unknown events', () => {
    for (const url of ['crm.example', 'ftp://crm.example', 'https://user:secret@crm.example/hook', ''])
      expect(webhookCreateSchema.safeParse({ ...valid, url }).success).toBe(false);
    expect(webhookCreateSchema.safeParse({ ...valid, events: [] }).error?.issues[0]?.message).toBe('Choose at least one event.');
    expect(webhookCreateSchema.safeParse({ ...valid, events: ['lead.deleted'] }).success).toBe(false);
  });
});
