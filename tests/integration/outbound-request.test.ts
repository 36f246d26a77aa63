import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_ANSWER_BYTES,
  outboundRequest,
  parseResolve,
  RefusedTarget,
  refusedTarget,
  type OutboundPolicy,
} from '../../lib/http/outbound-request.server';
import { listen, serversOfEachTest, type TestServer } from '../support/http-server';
import { testTls } from '../support/test-tls';

/**
 * The address rules for outgoing requests (lib/http/outbound-request.server.ts) against real local
 * receivers over https: private targets refused before any connection (in the URL, or as what a
 * name resolves to), a redirect to an internal address returned and never followed, an answer
 * read only as far as a few KB, and OUTBOUND_RESOLVE's override in force only where private
 * targets are allowed.
 */

const servers = serversOfEachTest();
afterEach(servers.closeAll);

const closed: OutboundPolicy = { allowPrivate: false, resolve: new Map() };
const open: OutboundPolicy = { allowPrivate: true, resolve: new Map() };

/** An https receiver on 127.0.0.1 that records each request and answers with `respond`. */
async function httpsReceiver(respond: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('ok')) {
  const hits: { path: string; body: string }[] = [];
  const server = createServer(testTls(), (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', body });
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  servers.track({
    url: `https://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return { url: `https://127.0.0.1:${port}`, port, hits };
}

/** A plain http server that counts what reaches it (the "metadata service" a redirect points at). */
async function internalService(): Promise<TestServer & { hits: string[] }> {
  const hits: string[] = [];
  const handler: RequestListener = (req, res) => {
    hits.push(req.url ?? '');
    res.end('secret-credentials');
  };
  return Object.assign(servers.track(await listen(handler)), { hits });
}

describe('outgoing requests to addresses chosen in the admin', () => {
  it('refuses loopback, private, link-local and other special addresses in the URL, connecting to nothing', async () => {
    const receiver = await httpsReceiver();
    for (const url of [
      `${receiver.url}/hook`,
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]:8443/hook',
      'https://[fd00::5]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
      'https://100.64.1.1/hook',
      'https://224.0.0.1/hook',
    ]) {
      const error = await outboundRequest(url, { body: '{}', policy: closed }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(RefusedTarget);
      expect((error as Error).message).toMatch(/is (a|an|the) .*address: outgoing requests go only to public internet addresses/);
    }
    expect(receiver.hits).toEqual([]);
    expect(await refusedTarget('https://169.254.169.254/latest/meta-data/', closed)).toBe(
      '169.254.169.254 is a link-local address: outgoing requests go only to public internet addresses',
    );
  });

  it('refuses at connect time a name that resolves to a loopback address', async () => {
    const receiver = await httpsReceiver();
    const error = await outboundRequest(`https://localhost:${receiver.port}/hook`, { body: '{}', policy: closed }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefusedTarget);
    expect((error as Error).message).toMatch(/^localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(receiver.hits).toEqual([]);
    expect(await refusedTarget(`https://localhost:${receiver.port}/hook`, closed)).toMatch(/is a loopback address/);
  });

  it('sends to a private receiver only when private targets are allowed, and returns its answer', async () => {
    const receiver = await httpsReceiver((_req, res) => res.writeHead(202, { 'Content-Type': 'text/plain' }).end('accepted'));
    const answer = await outboundRequest(`${receiver.url}/hook?x=1`, {
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
      policy: open,
    });
    expect(answer).toMatchObject({ status: 202, statusText: 'Accepted', truncated: false });
    expect(answer.body.toString()).toBe('accepted');
    expect(receiver.hits).toEqual([{ path: '/hook?x=1', body: '{"a":1}' }]);
    expect(await refusedTarget(`${receiver.url}/hook`, open)).toBeNull();
  });

  it('never follows a redirect: a 302 to the metadata address comes back as the answer', async () => {
    const metadata = await internalService();
    const receiver = await httpsReceiver((_req, res) =>
      res.writeHead(302, { Location: `${metadata.url}/latest/meta-data/iam/security-credentials/` }).end(),
    );
    const answer = await outboundRequest(`${receiver.url}/hook`, { body: '{}', policy: open });
    expect(answer.status).toBe(302);
    expect(receiver.hits).toHaveLength(1);
    expect(metadata.hits).toEqual([]);
  });

  it('reads no more than a few KB of an answer, even one that never ends', async () => {
    const receiver = await httpsReceiver((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      const chunk = 'x'.repeat(16_384);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const answer = await outboundRequest(`${receiver.url}/hook`, { body: '{}', policy: open });
    expect(answer.status).toBe(500);
    expect(answer.truncated).toBe(true);
    expect(answer.body.length).toBe(MAX_ANSWER_BYTES);
  });

  it('gives up on a receiver that does not answer within the deadline', async () => {
    const receiver = await httpsReceiver(() => undefined);
    await expect(outboundRequest(`${receiver.url}/hook`, { body: '{}', policy: open, timeoutMs: 300 })).rejects.toThrow(
      'no answer within 0.3 s',
    );
  });

  it('does not reuse a kept-alive connection once the rules refuse its address', async () => {
    const receiver = await httpsReceiver();
    expect((await outboundRequest(`${receiver.url}/a`, { body: '{}', policy: open })).status).toBe(200);
    await expect(outboundRequest(`${receiver.url}/b`, { body: '{}', policy: closed })).rejects.toBeInstanceOf(RefusedTarget);
    expect(receiver.hits.map((h) => h.path)).toEqual(['/a']);
  });

  it('goes over plain http only to a private address', async () => {
    const internal = await internalService();
    expect((await outboundRequest(`${internal.url}/hook`, { policy: open })).status).toBe(200);
    await expect(outboundRequest('http://93.184.215.14/hook', { policy: open })).rejects.toThrow(
      '93.184.215.14 is on the internet: plain http:// goes only to a private address, use https://',
    );
    await expect(outboundRequest(`${internal.url}/hook`, { policy: closed })).rejects.toBeInstanceOf(RefusedTarget);
    expect(internal.hits).toEqual(['/hook']);
  });

  it("connects a push service's host to the address OUTBOUND_RESOLVE names, only where private targets are allowed", async () => {
    const receiver = await httpsReceiver();
    const resolve = parseResolve(' fcm.googleapis.com = 127.0.0.1 , other.example=10.1.1.1');
    expect([...resolve]).toEqual([
      ['fcm.googleapis.com', '127.0.0.1'],
      ['other.example', '10.1.1.1'],
    ]);
    const url = `https://fcm.googleapis.com:${receiver.port}/fcm/send/abc`;
    const answer = await outboundRequest(url, { body: '{}', policy: { allowPrivate: true, resolve } });
    expect(answer.status).toBe(200);
    expect(receiver.hits.map((h) => h.path)).toEqual(['/fcm/send/abc']);
    // With private targets refused, the same override is refused as the address it names.
    await expect(outboundRequest(url, { body: '{}', policy: { allowPrivate: false, resolve } })).rejects.toBeInstanceOf(Error);
    expect(receiver.hits).toHaveLength(1);
  });
});
