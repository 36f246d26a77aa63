import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { SUBMIT_FAILED } from '../../lib/leads/fields';
import { answerLeadPost, sameOrigin, type LeadPost, type Submit } from '../../lib/leads/lead-post.server';
import { submitLead } from '../../lib/leads/submit.server';
import { listLeads } from '../support/leads';
import { tempSqlite } from '../support/temp-db';

/** The lead endpoint's answers, on a real SQLite file (the submission itself is lib/leads/submit.server.ts). */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = { siteUrl: 'https://www.example.com' };
const log = { warn: vi.fn(), error: vi.fn() };

async function setup(rateLimit = 10) {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const submit: Submit = (kind, values, sender) =>
    submitLead(kind, values, sender, {
      db: async () => handle.db,
      spam: { minFillSeconds: 0, rateLimit, windowMinutes: 10 },
      log,
      wake: () => undefined,
    });
  return { db: handle.db, submit };
}

const contact = new URLSearchParams({
  from_name: 'Jane Builder',
  from_email: 'jane@example.com',
  phone: '208-555-0142',
  message: 'A question about rates',
  page: '/contact',
  fill_ms: '9000',
});

function post(overrides: Partial<LeadPost> = {}): LeadPost {
  return {
    path: '/api/leads/contact',
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    body: Buffer.from(contact.toString()),
    origin: 'http://127.0.0.1:3000',
    host: '127.0.0.1:3000',
    clientAddress: '203.0.113.7',
    userAgent: 'test',
    ...overrides,
  };
}

describe('lead endpoint', () => {
  it('stores a URL-encoded lead and answers 200 with the form result', async () => {
    const { db, submit } = await setup();
    const answer = await answerLeadPost(post(), SITE, submit);
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ ok: true, kind: 'contact' }) });
    const [lead] = await listLeads(db);
    expect(lead).toMatchObject({ kind: 'contact', name: 'Jane Builder', email: 'jane@example.com', page: '/contact' });
  });

  it('reads a multipart form as well', async () => {
    const { db, submit } = await setup();
    const form = new FormData();
    for (const [name, value] of contact) form.set(name, value);
    const request = new Request('http://x/', { method: 'POST', body: form });
    const answer = await answerLeadPost(
      post({ contentType: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) }),
      SITE,
      submit,
    );
    expect(answer.status).toBe(200);
    expect(await listLeads(db)).toHaveLength(1);
  });

  it("answers each refusal of the form with its status and the form's result", async () => {
    const { db, submit } = await setup(1);
    const invalid = await answerLeadPost(post({ body: Buffer.from('from_name=Jane') }), SITE, submit);
    expect(invalid.status).toBe(422);
    expect(JSON.parse(invalid.body)).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { from_email: expect.any(String) },
    });

    for (let i = 0; i < 5; i++) expect((await answerLeadPost(post(), SITE, submit)).status).toBe(200);
    const limited = await answerLeadPost(post(), SITE, submit);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ ok: false, reason: 'limited' });
    expect(await listLeads(db, { includeSpam: true })).toHaveLength(5);
  });

  it("answers 503 with the spec's 'Uh oh!' when the lead cannot be stored", async () => {
    const failing: Submit = (kind, values, sender) =>
      submitLead(kind, values, sender, {
        db: () => Promise.reject(new Error('disk full')),
        spam: { minFillSeconds: 0, rateLimit: 10, windowMinutes: 10 },
        log,
      });
    const answer = await answerLeadPost(post(), SITE, failing);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, reason: 'failed', title: SUBMIT_FAILED.title });
  });

  it('refuses unknown forms, other sites and other encodings before storing anything', async () => {
    const { db, submit } = await setup();
    expect((await answerLeadPost(post({ path: '/api/leads/payment' }), SITE, submit)).status).toBe(404);
    expect((await answerLeadPost(post({ origin: 'https://evil.example' }), SITE, submit)).status).toBe(403);
    expect((await answerLeadPost(post({ origin: undefined }), SITE, submit)).status).toBe(403);
    expect((await answerLeadPost(post({ contentType: 'application/json', body: Buffer.from('{}') }), SITE, submit)).status).toBe(
      415,
    );
    expect(
      (
        await answerLeadPost(
          post({ contentType: 'multipart/form-data; boundary=x', body: Buffer.from('--x\r\nbroken') }),
          SITE,
          submit,
        )
      ).status,
    ).toBe(415);
    expect(await listLeads(db, { includeSpam: true })).toEqual([]);
  });
});

describe('same origin', () => {
  it("accepts the request's own host or the site's configured origin", () => {
    expect(sameOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', SITE.siteUrl)).toBe(true);
    expect(sameOrigin('https://www.example.com', 'app.internal:3000', SITE.siteUrl)).toBe(true);
    expect(sameOrigin('https://example.com', 'app.internal:3000', SITE.siteUrl)).toBe(false);
    expect(sameOrigin('null', '127.0.0.1:3000', SITE.siteUrl)).toBe(false);
    expect(sameOrigin(undefined, '127.0.0.1:3000', SITE.siteUrl)).toBe(false);
  });
});
