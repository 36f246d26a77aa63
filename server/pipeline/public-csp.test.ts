import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { adminCsp, publicCsp } from '../../lib/http/security-headers';
import { EDIT_MODE_STYLES } from '../../lib/site/edit-mode-styles';
import { collectorLoader } from '../../lib/vitals/loader';
import { bundledBootScript } from '../../tests/support/boot-script';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { deferNextBoot } from '../deferred-boot/transform';
import { runPipeline, type Step } from './index';
import { deferredBoot } from './deferred-boot';
import { isKnownInlineScript, sha256 } from './inline-sources';
import { MicroCache } from './micro-cache';
import { publicCspStep } from './public-csp';

const servers = serversOfEachTest();
afterEach(servers.closeAll);

const LOADER = collectorLoader('/_vitals/0123456789abcdef.js');
const TURBOPACK = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]});';
const PAYLOAD_START = '(self.__next_f=self.__next_f||[]).push([0])';
const INJECTED = 'window.__pwned=1';

/** A public page as Next 16 writes it (trimmed), `nonce` on Next's own tags, plus a script that is nobody's. */
function page(nonce: string | null) {
  const n = nonce === null ? '' : ` nonce="${nonce}"`;
  return [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"${n}/>`,
    `<script src="/_next/static/chunks/one.js" async=""${n}></script>`,
    '<script type="application/ld+json">{"@type":"FinancialService"}</script>',
    `</head><body><main><h1>Rates</h1><div class="article-body"><script>${INJECTED}</script></div></main>`,
    `<script>${LOADER}</script>`,
    `<script${n}>${TURBOPACK}</script>`,
    `<script${n}>${PAYLOAD_START}</script>`,
    `<script${n}>self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>`,
    '</body></html>',
  ].join('');
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

const { boot, inlineIn } = await bundledBootScript();
const logged: object[] = [];
const steps = (): Step[] => [deferredBoot(boot), publicCspStep({ log: { warn: (data) => logged.push(data) }, boot })];

/** A real server whose "Next" is `app`, behind the pipeline; `app` sees the request as Next would. */
async function serve(app: (req: IncomingMessage, res: ServerResponse) => void, pipeline = steps(), cache?: MicroCache) {
  const { port } = servers.track(
    await listen((req, res) => {
      if (cache?.answer(req, res)) return;
      runPipeline(req, res, pipeline);
      app(req, res);
    }),
  );
  return (headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/rates', headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode!, headers: res.headers, body: body.toString('utf8') });
        });
      })
        .on('error', reject)
        .end();
    });
}

/** The nonce Next would find in the request (what it writes on its own scripts). */
const nonceOf = (req: IncomingMessage) => /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1] ?? null;

const scriptSources = (policy: string | string[] | undefined) =>
  /(?:^|; )script-src ([^;]*)/.exec(String(policy ?? ''))?.[1]?.split(' ') ?? [];

describe('the public pages’ Content Security Policy', () => {
  it('allows a cached page’s own inline scripts by their hashes, and nothing else', async () => {
    const get = await serve((req, res) => {
      res.setHeader('content-security-policy', publicCsp());
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-encoding', 'gzip');
      // A page Next cached holds the nonce of the request that rendered it first.
      res.end(gzipSync(page('first-visitors-nonce')));
    });
    const { headers, body } = await get({ 'accept-encoding': 'gzip' });
    const sources = scriptSources(headers['content-security-policy']);
    const bootScript = inlineIn(body);
    expect(bootScript).toBeDefined();
    expect(sources.sort()).toEqual(
      ["'self'", ...[bootScript!, LOADER, TURBOPACK, PAYLOAD_START].map((text) => `'sha256-${sha256(text)}'`)].sort(),
    );
    // Nothing inline but those: no 'unsafe-inline' for scripts or style elements (only style attributes).
    expect(headers['content-security-policy']).not.toMatch(/(script-src|style-src) [^;]*unsafe-inline/);
    expect(headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${sha256(EDIT_MODE_STYLES)}'`);
    expect(headers['content-security-policy']).toContain("script-src-attr 'none'");
    expect(body).not.toContain('nonce=');
    // The script nobody's code writes is still in the page, and refused by name in the log.
    expect(body).toContain(`<script>${INJECTED}</script>`);
    expect(logged).toContainEqual(expect.objectContaining({ event: 'csp.inline_refused', hash: sha256(INJECTED) }));
  });

  it("allows a page rendered for this request by the request's nonce, which the server alone chooses", async () => {
    const seen: (string | null)[] = [];
    const get = await serve((req, res) => {
      const nonce = nonceOf(req);
      seen.push(nonce);
      res.setHeader('content-security-policy', publicCsp());
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      // React's streaming instructions, which only a nonce can allow.
      res.end(page(nonce).replace('</body>', `<script nonce="${nonce}">$RC("B:0","S:0")</script></body>`));
    });
    const first = await get({ 'content-security-policy': "script-src 'nonce-chosen-by-the-visitor'" });
    const second = await get();
    expect(seen[0]).not.toBe('chosen-by-the-visitor');
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const sources = scriptSources(first.headers['content-security-policy']);
    expect(sources).toContain(`'nonce-${seen[0]}'`);
    expect(sources).toContain(`'sha256-${sha256(LOADER)}'`);
    expect(sources).not.toContain(`'sha256-${sha256(INJECTED)}'`);
    expect(scriptSources(second.headers['content-security-policy'])).toContain(`'nonce-${seen[1]}'`);
    expect(first.body).toContain(`nonce="${seen[0]}"`);
  });

  it('reads a public 404 for its policy without rewriting it (the deferred boot is for shared pages)', async () => {
    const get = await serve((req, res) => {
      res.statusCode = 404;
      res.setHeader('content-security-policy', publicCsp());
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page(nonceOf(req)));
    });
    const { status, headers, body } = await get();
    expect(status).toBe(404);
    expect(body).toContain('<script src="/_next/static/chunks/one.js"');
    expect(body).not.toContain('data-clp-flight');
    expect(scriptSources(headers['content-security-policy'])).toContain(`'sha256-${sha256(LOADER)}'`);
  });

  it('sends a 304 without a policy, so the browser keeps the one stored with the page', async () => {
    const get = await serve((_req, res) => {
      res.setHeader('content-security-policy', publicCsp());
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader('x-nextjs-cache', 'HIT');
      res.statusCode = 304;
      res.end();
    });
    const answer = await get();
    expect(answer.status).toBe(304);
    expect(answer.headers['content-security-policy']).toBeUndefined();
  });

  it("leaves the admin's policy and anything that is not a page as the app sent them", async () => {
    const admin = await serve((_req, res) => {
      res.setHeader('content-security-policy', adminCsp('abc'));
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(page('abc'));
    });
    expect((await admin()).headers['content-security-policy']).toBe(adminCsp('abc'));
    await servers.closeAll();
    const json = await serve((_req, res) => {
      res.setHeader('content-security-policy', publicCsp());
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    const answer = await json();
    expect(answer.headers['content-security-policy']).toBe(publicCsp());
    expect(answer.body).toBe('{"ok":true}');
  });

  it('replays a cached page from the micro-cache with the policy it was sent with', async () => {
    const cache = new MicroCache(() => 0);
    let renders = 0;
    const get = await serve(
      (_req, res) => {
        renders++;
        res.setHeader('content-security-policy', publicCsp());
        res.setHeader(PUBLIC_PAGE_HEADER, '1');
        res.setHeader('x-nextjs-cache', 'HIT');
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(page(null));
      },
      [...steps(), cache.step],
      cache,
    );
    const first = await get();
    const replay = await get();
    expect(renders).toBe(1);
    expect(replay.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(scriptSources(replay.headers['content-security-policy'])).toContain(`'sha256-${sha256(LOADER)}'`);
  });

  it("recognises only the shapes the site's code writes, never code riding along", () => {
    const script = inlineIn(deferNextBoot(page(null), boot)!)!;
    for (const known of [script, LOADER, TURBOPACK, PAYLOAD_START, 'self.__next_f.push([1,"x"])'])
      expect(isKnownInlineScript(known, boot), known.slice(0, 40)).toBe(true);
    for (const forged of [
      INJECTED,
      'self.__next_f.push([1]);alert(1)',
      'self.__next_f.push(alert(1))',
      `${PAYLOAD_START};alert(1)`,
      TURBOPACK.replace('});', '});alert(1);'),
      `${LOADER};alert(1)`,
      LOADER.replace('"owner"', 'alert(1),"owner"'),
      `${script};alert(1)`,
      script.replace('({"scripts"', '(alert(1)||{"scripts"'),
    ])
      expect(isKnownInlineScript(forged, boot), forged.slice(0, 60)).toBe(false);
  });
});
