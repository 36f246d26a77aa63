import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { env } from '../env.server';
import { specialAddressKind } from './special-addresses';

/**
 * Every outgoing request to an address that someone other than the operator chose (a device's
 * push endpoint, a webhook endpoint set in the admin) goes through here, under one set of rules
 * (docs/security.md, ADR 028):
 *
 * - only https, or plain http to a private address when private targets are allowed;
 * - never to a loopback, private, link-local, unique-local or other special-purpose address
 *   (./special-addresses.ts) unless OUTBOUND_ALLOW_PRIVATE is set, checked for an address in the
 *   URL and for every address a name resolves to;
 * - the connection goes to the address that was checked: the resolution is ours (the request's
 *   `lookup`), so a name that resolves differently a moment later (DNS rebinding) cannot swap it,
 *   and the socket's remote address is checked again once connected (a kept-alive socket too);
 * - redirects are never followed (a 3xx comes back as the answer);
 * - one deadline for connecting, sending and the answer, and at most a few KB of the answer read.
 */

export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_PRIVATE: private and other special-purpose targets are allowed (tests, intranet receivers). */
  allowPrivate: boolean;
  /**
   * OUTBOUND_RESOLVE, honoured only with allowPrivate: names connected to a given address instead
   * of their DNS answer (a test's stand-in for a push service's host).
   */
  resolve: ReadonlyMap<string, string>;
  /**
   * The operator chose this address (LEAD_WEBHOOK_URL): the address rules do not apply; no
   * redirects and the bounded read still do.
   */
  operatorChosen?: boolean;
}

/** The rules as configured (read at each call: the configuration is fixed in production, set per test in tests). */
export function outboundPolicy(config: { OUTBOUND_ALLOW_PRIVATE: boolean; OUTBOUND_RESOLVE?: string } = env): OutboundPolicy {
  const allowPrivate = config.OUTBOUND_ALLOW_PRIVATE;
  return { allowPrivate, resolve: allowPrivate ? parseResolve(config.OUTBOUND_RESOLVE) : new Map() };
}

/** `host=address,host=address` (lower-cased host names). */
export function parseResolve(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (value ?? '').split(',')) {
    const [host, address] = pair.split('=').map((part) => part.trim());
    if (host && address) map.set(host.toLowerCase(), address.replace(/^\[|\]$/g, ''));
  }
  return map;
}

/** The address rules refused the target: no request was made. Trying again cannot help. */
export class RefusedTarget extends Error {
  override name = 'RefusedTarget';
}

/** How long one request may take, from connecting to the last byte read. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** How much of an answer is read: enough for a status line's explanation, never a body to store. */
export const MAX_ANSWER_BYTES = 4096;

export interface OutboundAnswer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The first MAX_ANSWER_BYTES (or `maxAnswerBytes`) of the answer's body. */
  body: Buffer;
  /** The answer was longer than what was read; the connection was closed. */
  truncated: boolean;
}

export interface OutboundInit {
  method?: 'POST' | 'GET';
  headers?: Record<string, string>;
  body?: Uint8Array | string | null;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  policy?: OutboundPolicy;
}

const agents = {
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32, scheduling: 'lifo' }),
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32, scheduling: 'lifo' }),
};

/** Why `address` may not be connected to for a request to `host` over `protocol`, or null when it may. */
function refusal(host: string, address: string, protocol: string, policy: OutboundPolicy): string | null {
  if (policy.operatorChosen) return null;
  const kind = specialAddressKind(address);
  const named = host === address ? address : `${host} (${address})`;
  if (kind && !policy.allowPrivate) return `${named} is ${kind}: outgoing requests go only to public internet addresses`;
  if (!kind && protocol === 'http:')
    return `${named} is on the internet: plain http:// goes only to a private address, use https://`;
  return null;
}

/** The parts of a target URL the rules look at, or the reason it is no target at all. */
function parseTarget(url: string | URL): { url: URL; host: string } | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `${parsed.protocol} is not https:`;
  if (parsed.username || parsed.password) return 'the address carries a user name or password';
  return { url: parsed, host: parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase() };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves a name as the connection will use it (OUTBOUND_RESOLVE's address, else DNS, every
 * address of the name) and checks each: the name is refused when any of its addresses is.
 */
function resolveChecked(
  host: string,
  protocol: string,
  policy: OutboundPolicy,
  done: (error: Error | null, addresses: LookupAddress[]) => void,
) {
  const fixed = policy.allowPrivate ? policy.resolve.get(host) : undefined;
  const checked = (addresses: LookupAddress[]) => {
    if (addresses.length === 0) return done(new Error(`${host} has no address`), []);
    for (const { address } of addresses) {
      const reason = refusal(host, address, protocol, policy);
      if (reason) return done(new RefusedTarget(reason), []);
    }
    done(null, addresses);
  };
  if (fixed) return checked([{ address: fixed, family: isIP(fixed) || 4 }]);
  dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? done(error, []) : checked(addresses)));
}

/** The request's `lookup`: the socket connects to what resolveChecked returned, and to nothing else. */
function checkedLookup(protocol: string, policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback: LookupCallback) => {
    resolveChecked(hostname.toLowerCase(), protocol, policy, (error, addresses) => {
      if (error) return callback(error as NodeJS.ErrnoException, options.all ? [] : '', 0);
      const wanted = Number(options.family) || 0;
      const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
      if (usable.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }),
          options.all ? [] : '',
          0,
        );
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * Why the rules refuse `url` as a target, or null when they would let a request try it; for a
 * form that takes an address (a webhook endpoint), so the owner hears at once. A name is resolved
 * once here and refused if any of its addresses is refused. An https name that does not resolve
 * now is let through (the delivery log tells later); a plain http one is not, as http:// is only
 * for an address shown to be private. Sending checks again at each request.
 */
export async function refusedTarget(url: string, policy: OutboundPolicy = outboundPolicy()): Promise<string | null> {
  const target = parseTarget(url);
  if (typeof target === 'string') return target;
  const { host } = target;
  const protocol = target.url.protocol;
  if (isIP(host)) return refusal(host, host, protocol, policy);
  const unresolved = `${host} does not resolve here, and plain http:// goes only to a private address`;
  return new Promise((resolve) => {
    // A resolver that does not answer must not hold the owner's form: treated as no answer.
    const timer = setTimeout(() => resolve(protocol === 'http:' ? unresolved : null), RESOLVE_TIMEOUT_MS);
    resolveChecked(host, protocol, policy, (error) => {
      clearTimeout(timer);
      if (error instanceof RefusedTarget) return resolve(error.message);
      resolve(error && protocol === 'http:' ? unresolved : null);
    });
  });
}

/** How long refusedTarget waits for DNS. */
const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * One request under the rules above. Resolves with the answer, whatever its status (a 3xx is
 * an answer, never followed); rejects with RefusedTarget when the rules refuse the target, or
 * with the network's error (a timeout, a refused connection).
 */
export function outboundRequest(url: string | URL, init: OutboundInit = {}): Promise<OutboundAnswer> {
  const policy = init.policy ?? outboundPolicy();
  const target = parseTarget(url);
  if (typeof target === 'string') return Promise.reject(new RefusedTarget(`Not a valid target: ${target}`));
  const { url: parsed, host } = target;
  const protocol = parsed.protocol as 'https:' | 'http:';
  if (isIP(host)) {
    const reason = refusal(host, host, protocol, policy);
    if (reason) return Promise.reject(new RefusedTarget(reason));
  }
  const limit = init.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const timeoutMs = init.timeoutMs ?? OUTBOUND_TIMEOUT_MS;

  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = (protocol === 'https:' ? https : http).request({
      protocol,
      host,
      port: parsed.port || undefined,
      path: `${parsed.pathname}${parsed.search}`,
      method: init.method ?? 'POST',
      headers: init.headers,
      agent: agents[protocol],
      lookup: checkedLookup(protocol, policy),
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    timer.unref();
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);

    // Checked again on the socket itself: a kept-alive socket is reused without a lookup, and
    // whatever connected (an agent, a future change here) must have reached an allowed address.
    request.on('socket', (socket: Socket) => {
      const verify = () => {
        const reason = socket.remoteAddress ? refusal(host, socket.remoteAddress, protocol, policy) : 'no remote address';
        if (reason) request.destroy(new RefusedTarget(reason));
      };
      if (socket.connecting) socket.once('connect', verify);
      else verify();
    });

    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let truncated = false;
      const finish = () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
          body: Buffer.concat(chunks).subarray(0, limit),
          truncated,
        });
      };
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        chunks.push(chunk);
        read += chunk.length;
        if (read > limit) {
          truncated = true;
          // Enough read: the rest is never waited for, and the connection is not reused.
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', (error) => (truncated ? undefined : fail(error)));
    });

    request.end(init.body ?? undefined);
  });
}
