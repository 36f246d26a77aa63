/**
 * `npm start`: validate the configuration, build when needed, start Next.js in this process and
 * admit visitors only after the start-up route has migrated the database and expired every page
 * prerendered at build time (see app/api/internal/startup/route.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { EnvError, parseEnv } from '../lib/env-schema';
import { CLIENT_ADDRESS_HEADER } from '../lib/http/client-address';
import { buildIfNeeded } from './build-if-needed';
import { adjustResponses } from './response-headers';
import { ResponseCache } from './response-cache';
import { deferBootOfPublicPages } from './deferred-boot/response';
import { registerResponseCachePurge } from '../lib/cache/response-cache-purge';
import { loadDotEnv } from './load-env';
import { checkBody, checkHeaders, isGuarded, readBody, replay, type Refusal } from './request-guard';
import { isLeadPost } from '../lib/leads/endpoint';

const root = fileURLToPath(new URL('..', import.meta.url));
const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
const log = (msg: string, extra: Record<string, unknown> = {}) => logger.info(extra, msg);
const fail = (msg: string): never => {
  process.stderr.write(`${msg}\n`);
  process.exit(1);
};

async function main() {
  loadDotEnv(root);
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
  buildIfNeeded(root, log);

  const token = randomBytes(32).toString('hex');
  process.env.STARTUP_TOKEN = token;
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: root, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The lead endpoint runs app modules outside Next's bundles: the hooks satisfy their `server-only`.
  await import(new URL('./node-hooks.mjs', import.meta.url).href);
  const { answerLeadRequest } = await import('./lead-endpoint');

  const responseCache = new ResponseCache();
  registerResponseCachePurge(() => responseCache.purge());

  // Requests that arrive before start-up finishes wait here instead of seeing stale pages.
  let admitted = false;
  const waiting: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The app counts sign-in attempts per address: give it the socket's, never a header a
    // visitor could have set (see lib/http/client-address.ts for TRUST_PROXY).
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
    adjustResponses(req, res, { siteUrl: env.SITE_URL, trustProxy: env.TRUST_PROXY });
    // The rest of a refused body is read and dropped, so the client sees the answer, not a reset.
    const refuse = ({ status, message }: Refusal) => {
      req.resume();
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
    };
    let serve = () =>
      responseCache.handle(req, res, () => {
        // Public pages load Next's scripts when a visitor first interacts (scripts/deferred-boot).
        deferBootOfPublicPages(req, res);
        void handle(req, res);
      });
    if (isLeadPost(req.method, req.url)) {
      // The forms' JavaScript posts leads here: answered without Next (see scripts/lead-endpoint.ts).
      serve = () => void answerLeadRequest(req, res, { siteUrl: env.SITE_URL, trustProxy: env.TRUST_PROXY });
    } else if (isGuarded(req.method, req.url)) {
      // Oversized or malformed form posts are refused here, before any Server Action runs.
      const refusal = checkHeaders(req.headers);
      if (refusal) return refuse(refusal);
      serve = () =>
        void readBody(req)
          .then((body) => {
            const bad = body ? checkBody(req.headers['content-type'], body) : { status: 413, message: 'The form is too large.' };
            if (bad) refuse(bad);
            else void handle(replay(req, body!), res);
          })
          .catch(() => res.destroy());
    }
    if (admitted || req.headers['x-startup-token'] === token) serve();
    else waiting.push(serve);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, resolve);
  });

  const response = await fetch(`http://127.0.0.1:${env.PORT}/api/internal/startup`, {
    method: 'POST',
    headers: { 'x-startup-token': token },
  });
  if (!response.ok) fail(`Start-up failed: ${await response.text()}`);
  admitted = true;
  waiting.splice(0).forEach((serve) => serve());
  log(`Serving ${env.SITE_URL} on port ${env.PORT}`, { database: env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@') });

  const stop = () => {
    server.close(() => void app.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) =>
  fail(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
);
