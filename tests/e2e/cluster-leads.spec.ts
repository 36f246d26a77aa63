import { Agent, request } from 'node:http';
import { expect, test } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { apiSignIn, OWNER_PASSWORD, fetchAdmin } from './admin-support';
import { requirePostgres, startCluster, type Cluster } from './cluster';
import { MAIL_ENV } from './leads-support';

/**
 * Two production instances on one PostgreSQL, as an operator runs them behind a load balancer,
 * tried through HTTP only: an admin session and its end hold on both, the sign-in throttle and the
 * lead rate limit count what both receive, every lead's e-mail is sent once whichever instance
 * stored it, and an instance stopped under load answers every lead it received.
 *
 * The instances trust X-Forwarded-For (TRUST_PROXY), as behind nginx, so each simulated visitor
 * has an address of its own.
 */

requirePostgres();
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SITE_URL = 'http://localhost:8080';
let cluster: Cluster;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let a: string;
let b: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  cluster = await startCluster(2, {
    SITE_URL,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    ...MAIL_ENV,
    // The 3rd lead from one address within 10 minutes is flagged spam, the 11th refused.
    LEAD_RATE_LIMIT: '2',
  });
  [a, b] = cluster.servers.map((server) => server.url) as [string, string];
});

test.afterAll(async () => {
  await cluster?.stop();
  await smtp?.stop();
});

const from = (address: string) => ({ 'X-Forwarded-For': address });

/**
 * Posts a contact lead as the form's script does; the status, or 'no answer' when the connection
 * failed. With `agent`, over the agent's kept-alive connection, as a load balancer sends requests.
 */
async function postLead(url: string, token: string, address: string, agent?: Agent): Promise<number | 'no answer'> {
  const body = new URLSearchParams({
    from_name: 'Cluster Visitor',
    from_email: 'visitor@example.com',
    phone: '208-555-0142',
    message: `Token ${token} end`,
    page: '/contact',
    fill_ms: '9000',
  }).toString();
  const headers = {
    Origin: url,
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': String(Buffer.byteLength(body)),
    ...from(address),
  };
  return new Promise((resolve) => {
    const req = request(`${url}/api/leads/contact`, { method: 'POST', headers, agent }, (res) => {
      res.on('error', () => resolve('no answer'));
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on('error', () => resolve('no answer'));
    req.end(body);
  });
}

/** The tokens of the leads stored (and below, of the e-mails received) that start with `prefix`. */
async function storedTokens(prefix: string): Promise<string[]> {
  const rows = await cluster.db.selectFrom('leads').select('fields').where('fields', 'like', `%Token ${prefix}%`).execute();
  return rows.map((row) => /Token (\S+) end/.exec(row.fields)![1]!);
}
const mailedTokens = (prefix: string) =>
  smtp.mails.flatMap((mail) => /Token (\S+) end/.exec(mail.text)?.[1] ?? []).filter((token) => token.startsWith(prefix));

test('an admin session made on one instance works on the other, and signing out on either ends it on both', async () => {
  const signIn = await apiSignIn(a, OWNER_PASSWORD, from('192.0.2.10'));
  expect(signIn.response.status).toBe(200);
  expect((await fetchAdmin(b, signIn.cookie)).isAdmin).toBe(true);
  expect((await fetchAdmin(a, signIn.cookie)).isAdmin).toBe(true);

  const signOut = await fetch(`${b}/api/auth/logout`, {
    method: 'POST',
    headers: { Origin: b, Cookie: signIn.cookie },
    redirect: 'manual',
  });
  expect(signOut.status).toBe(303);
  expect((await fetchAdmin(a, signIn.cookie)).isAdmin).toBe(false);
  expect((await fetchAdmin(b, signIn.cookie)).isAdmin).toBe(false);
});

test('the sign-in throttle counts failures sent to both instances together', async () => {
  // One address, alternating: ten failures in all, whichever instance heard them, and the 11th is refused.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const { response } = await apiSignIn(i % 2 ? b : a, i === 10 ? OWNER_PASSWORD : `wrong ${i}`, from('192.0.2.20'));
    statuses.push(response.status);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);

  // Twenty guesses at the same moment, ten to each: still ten get through to the password check.
  const burst = await Promise.all(
    Array.from(
      { length: 20 },
      async (_, i) => (await apiSignIn(i % 2 ? b : a, `guess ${i}`, from('192.0.2.21'))).response.status,
    ),
  );
  expect(burst.filter((status) => status === 401)).toHaveLength(10);
  expect(burst.filter((status) => status === 429)).toHaveLength(10);
});

test('the lead rate limit counts the leads sent to both instances together', async () => {
  const statuses: (number | string)[] = [];
  for (let i = 0; i < 11; i++) statuses.push(await postLead(i % 2 ? b : a, `limit-${i}`, '198.51.100.7'));
  // Stored (the 3rd to 6th a burst, marked "Possible bot"; the 7th to 10th far past the limit,
  // spam), then refused as a flood.
  expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  const flagged = await cluster.db
    .selectFrom('leads')
    .select(['possible_bot', 'spam_reason'])
    .where('client_address', '=', '198.51.100.7')
    .orderBy('created_at')
    .execute();
  expect(flagged.map((lead) => lead.spam_reason ?? (lead.possible_bot ? 'possible bot' : 'lead'))).toEqual([
    ...Array<string>(2).fill('lead'),
    ...Array<string>(4).fill('possible bot'),
    ...Array<string>(4).fill('flood'),
  ]);

  // Twenty at the same moment from another address, ten to each instance: ten stored, ten refused.
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => postLead(i % 2 ? b : a, `burst-${i}`, '198.51.100.8')));
  expect(burst.filter((status) => status === 200)).toHaveLength(10);
  expect(burst.filter((status) => status === 429)).toHaveLength(10);
});

test('500 leads sent to both instances produce 500 e-mails, each exactly once, within seconds', async () => {
  const count = 500;
  const started = Date.now();
  const statuses = await inParallel(16, count, (i) => postLead(i % 2 ? b : a, `mass-${i}`, visitor(i)));
  const acknowledged = Date.now();
  expect(statuses.filter((status) => status === 200)).toHaveLength(count);

  await expect.poll(() => mailedTokens('mass-').length, { timeout: 20_000, intervals: [50] }).toBeGreaterThanOrEqual(count);
  const mailed = Date.now();
  const tokens = mailedTokens('mass-');
  expect(tokens).toHaveLength(count);
  expect(new Set(tokens).size).toBe(count);
  // Every notification recorded as sent once: no worker will send any of them again.
  await expect
    .poll(async () => {
      const rows = await cluster.db
        .selectFrom('notifications')
        .select(['status', 'attempts'])
        .where('status', '!=', 'skipped')
        .where('subject_id', 'in', cluster.db.selectFrom('leads').select('id').where('fields', 'like', '%Token mass-%'))
        .execute();
      return rows.filter((row) => row.status === 'sent' && Number(row.attempts) === 1).length;
    })
    .toBe(count);
  console.warn(
    `${count} leads over 2 instances: all acknowledged in ${acknowledged - started} ms, ` +
      `all ${count} e-mails received ${mailed - started} ms after the first post (${mailed - acknowledged} ms after the last answer)`,
  );
});

test('an instance stopped (SIGTERM) during a steady stream of leads answers what it received and exits within 10 s', async () => {
  const [stopped] = cluster.servers;
  const results: { token: string; instance: 'a' | 'b'; status: number | 'no answer' }[] = [];
  let stopTook: number | undefined;
  let acknowledgedAfterStop = 0;
  let gaveUp = false;
  let next = 0;

  // Eight visitors keep posting, half to each instance, until 50 more leads are in after the
  // stop, each over a connection kept alive from one post to the next, as a load balancer's
  // upstream connections are. One whose instance is gone moves to the other, as a load balancer
  // does with a refused connection.
  const agents = Array.from({ length: 8 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const visitors = agents.map(async (agent, v) => {
    let instance: 'a' | 'b' = v % 2 ? 'b' : 'a';
    while (acknowledgedAfterStop < 50 && !gaveUp) {
      const n = next++;
      const token = `stream-${n}`;
      const status = await postLead(instance === 'a' ? a : b, token, visitor(100_000 + n), agent);
      results.push({ token, instance, status });
      if (status === 200 && stopTook !== undefined) acknowledgedAfterStop++;
      if (status === 'no answer') instance = 'b';
    }
  });
  const stopping = (async () => {
    await expect
      .poll(() => results.filter((r) => r.status === 200).length, { timeout: 30_000, intervals: [20] })
      .toBeGreaterThan(100);
    const stopAt = Date.now();
    await stopped!.stop();
    stopTook = Date.now() - stopAt;
  })().catch((error: unknown) => {
    gaveUp = true;
    throw error;
  });
  await Promise.all([stopping, ...visitors]);
  for (const agent of agents) agent.destroy();

  expect(stopTook).toBeLessThan(10_000);
  expect(stopped!.output()).toContain('"event":"server.stopped"');
  expect(stopped!.output()).not.toContain('server.stop_timeout');
  // Refused connections and resets happen; an error answer does not.
  expect(results.filter((r) => r.status !== 200 && r.status !== 'no answer')).toEqual([]);
  const acknowledged = results.filter((r) => r.status === 200).map((r) => r.token);
  const stored = new Set(await storedTokens('stream-'));
  expect(acknowledged.filter((token) => !stored.has(token))).toEqual([]);
  // The leads the stopped instance stored last are e-mailed by the other.
  await expect.poll(() => new Set(mailedTokens('stream-')).size, { timeout: 15_000, intervals: [50] }).toBe(stored.size);
  expect(mailedTokens('stream-')).toHaveLength(stored.size);
  const inFlight = /"event":"server.stopping"[^\n]*"requests":(\d+)/.exec(stopped!.output())?.[1];
  console.warn(
    `SIGTERM with ${inFlight} requests in flight on A, after ${results.filter((r) => r.instance === 'a' && r.status === 200).length} ` +
      `leads acknowledged there: exited in ${stopTook} ms; ${acknowledged.length} leads acknowledged in all, all stored; ` +
      `${results.filter((r) => r.status === 'no answer').length} posts found A gone and went to B`,
  );
});

/** A visitor address of its own for lead `i`, so no lead is judged by the rate limit. */
const visitor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Runs `count` tasks, at most `width` at a time; their results in order. */
async function inParallel<T>(width: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}
