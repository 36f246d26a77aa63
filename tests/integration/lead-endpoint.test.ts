import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { SUBMIT_FAILED } from '../../lib/leads/fields';
import { submitLead } from '../../lib/leads/submit.server';
import { stampClientAddress } from '../../server/client-address';
import { answerLeadPost, type Submit } from '../../server/lead-endpoint';
import { REFUSALS } from '../../server/request-guard';
import { listen } from '../support/http-server';
import { listLeads } from '../support/leads';
import { tempSqlite } from '../support/temp-db';

/**
 * The lead endpoint's answers over real HTTP, on a real SQLite file (the submission itself is
 * lib/leads/submit.server.ts; the browser tests post to it through the whole server).
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = { siteUrl: 'https://www.example.com', trustProxy: false };
const log = { warn: vi.fn(), error: vi.fn() };

const settings = (rateLimit: number) => ({
  spam: { minFillSeconds: 0, rateLimit, windowMinutes: 10 },
  log,
  wake: () => undefined,
});

async function serveEndpoint(submit: Submit): Promise<string> {
  const server = await listen((req, res) => {
    stampClientAddress(req, false);
    void answerLeadPost(req, res, SITE, submit);
  });
  cleanups.push(server.close);
  return server.url;
}

async function setup(rateLimit = 10) {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const submit: Submit = (kind, values, sender) =>
    submitLead(kind, values, sender, { db: async () => handle.db, ...settings(rateLimit) });
  return { db: handle.db, url: await serveEndpoint(submit) };
}

const contact = new URLSearchParams({
  from_name: 'Jane Builder',
  from_email: 'jane@example.com',
  phone: '208-555-0142',
  message: 'A question about rates',
  page: '/contact',
  fill_ms: '9000',
});

/** Posts as the contact form's script does, from the endpoint's own origin unless told otherwise. */
async function post(url: string, init: { path?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${url}${init.path ?? '/api/leads/contact'}`, {
    method: 'POST',
    body: init.body ?? contact,
    headers: { Origin: url, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('lead endpoint', () => {
  it('stores a URL-encoded lead and answers 200 with the form result', async () => {
    const { db, url } = await setup();
    expect(await post(url)).toEqual({ status: 200, body: { ok: true, kind: 'contact' } });
    const [lead] = await listLeads(db);
    expect(lead).toMatchObject({ kind: 'contact', name: 'Jane Builder', email: 'jane@example.com', page: '/contact' });
  });

  it('reads a multipart form as well', async () => {
    const { db, url } = await setup();
    const form = new FormData();
    for (const [name, value] of contact) form.set(name, value);
    expect((await post(url, { body: form })).status).toBe(200);
    expect(await listLeads(db)).toHaveLength(1);
  });

  it("answers each refusal of the form with its status and the form's result", async () => {
    const { db, url } = await setup(1);
    const invalid = await post(url, { body: new URLSearchParams({ from_name: 'Jane' }) });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ ok: false, reason: 'invalid', fieldErrors: { from_email: expect.any(String) } });

    for (let i = 0; i < 5; i++) expect((await post(url)).status).toBe(200);
    const limited = await post(url);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, reason: 'limited' });
    expect(await listLeads(db, { includeSpam: true })).toHaveLength(5);
  });

  it("answers 503 with the spec's 'Uh oh!' when the lead cannot be stored", async () => {
    const url = await serveEndpoint((kind, values, sender) =>
      submitLead(kind, values, sender, { db: () => Promise.reject(new Error('disk full')), ...settings(10) }),
    );
    const answer = await post(url);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false, reason: 'failed', title: SUBMIT_FAILED.title });
  });

  it('refuses unknown forms, other sites and broken or foreign bodies before storing anything', async () => {
    const { db, url } = await setup();
    expect(await post(url, { path: '/api/leads/payment' })).toEqual({ status: 404, body: { error: 'No such form.' } });
    expect((await post(url, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    const json = await post(url, { body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(json).toEqual({ status: 415, body: { error: REFUSALS.encoding.message } });
    const broken = await post(url, { body: '--x\r\nbroken', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(broken).toEqual({ status: 400, body: { error: REFUSALS.malformed.message } });
    const big = await post(url, { body: `${contact.toString()}&message=${'x'.repeat(200_000)}` });
    expect(big).toEqual({ status: 413, body: { error: REFUSALS.tooLarge.message } });
    expect(await listLeads(db, { includeSpam: true })).toEqual([]);
  });

  it("counts the rate limit against the socket's address, whatever forwarding headers say", async () => {
    const { db, url } = await setup(1);
    for (let i = 0; i < 6; i++) {
      const forged = {
        'X-Forwarded-For': `198.51.100.${i}`,
        'X-Real-IP': `198.51.100.${i}`,
        'X-Clp-Client-Address': `10.0.0.${i}`,
      };
      await post(url, { headers: forged });
    }
    expect(new Set((await listLeads(db, { includeSpam: true })).map((lead) => lead.isSpam))).toEqual(new Set([false, true]));
    expect((await post(url)).status).toBe(429);
  });
});
