import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANONYMOUS_BODY, bodyClassOf, refusalBody, type BodyClass } from './body-limits';
import { checkBody, replay, type Refusal } from './request-guard';

/**
 * Applies the limits table (./body-limits.ts) to a request before anything reads its body:
 *
 * - by its head: a malformed Content-Length is a 400, a missing one a 411 where the class needs it,
 *   and a declared length over the limit a 413, all before a single byte of the body is read;
 * - by counting: a body streamed in chunks is read up to the limit, and refused with a 413 the
 *   moment it goes over. What was read is handed on as a replay (Next reads it as the request),
 *   so no route handler, Server Action or page ever reads a socket without a bound.
 *
 * A refused client may still be sending. The server answers at once, then reads and drops what
 * keeps coming for LINGER_MS, so that the client reads the answer rather than a reset (closing a
 * socket with unread data resets it, and a reset can take the answer with it), and then closes
 * the connection. Dropped bytes cost no memory; the time bound keeps an endless body from holding
 * the connection.
 */

const LINGER_MS = 2000;

/** A request that carries a body: a stated length above 0, or chunks. */
export function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const refusal = (status: number, message: string): Refusal => ({ status, message });

/** The refusal a request's head earns in its class, or null. */
export function refusalByHead(entry: BodyClass, req: IncomingMessage): Refusal | null {
  const length = req.headers['content-length'];
  if (length === undefined)
    return entry.lengthRequired ? refusal(411, entry.noLength ?? 'The request must state its length.') : null;
  if (!/^\d+$/.test(length)) return refusal(400, 'Malformed Content-Length.');
  if (Number(length) > entry.limit) return refusal(413, entry.tooLarge(Number(length), req.url ?? '/'));
  return null;
}

type Read = { body: Buffer } | { over: true } | { gone: true };

/** Reads the body, stopping (without reading more) once it is over `limit`. */
function readWithin(req: IncomingMessage, limit: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (read: Read) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle({ over: true });
      else chunks.push(chunk);
    };
    const onEnd = () => settle({ body: Buffer.concat(chunks, size) });
    const onGone = () => settle({ gone: true });
    req.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}

/** Answers now; drops what the client still sends for a while, then closes the connection. */
function refuse(req: IncomingMessage, res: ServerResponse, entry: BodyClass, answer: Refusal): void {
  const { type, body } = refusalBody(entry, req.url ?? '/', answer);
  res.writeHead(answer.status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
  dropRest(req);
}

/** After an answer: reads and drops the rest of the body for LINGER_MS at most, then closes the connection. */
export function dropRest(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
  req.on('error', () => undefined);
  // Not a half-close (FIN) after the answer: a client still writing its body (Node's http client
  // among them) then reports a hang-up instead of the answer.
  req.resume();
}

export interface BodyGateOptions {
  /** True when the request carries a live admin session (for classes marked `signedIn`). */
  signedIn(req: IncomingMessage): Promise<boolean>;
}

export function bodyGate(options: BodyGateOptions) {
  /** The class of a request that must pass the gate, or null when there is nothing to check (a GET without a body). */
  function classOf(req: IncomingMessage): BodyClass | null {
    const entry = bodyClassOf(req.method, req.url);
    return entry.lengthRequired || carriesBody(req) ? entry : null;
  }

  /**
   * Applies the request's class. Resolves with the request to hand on, or null once it has been
   * answered (a refusal) or the client has gone.
   *
   * - `reader: 'caller'`: the caller reads the body itself, within the same limit (the lead and
   *   vitals endpoints, whose classes need a stated length): only the head is checked here.
   * - `reader: 'next'`: the body is read here and handed on as a replay.
   * - `forms`: the body must also be an intact form (a Server Action or a form post to a page).
   */
  async function admit(
    req: IncomingMessage,
    res: ServerResponse,
    { reader, forms = false }: { reader: 'caller' | 'next'; forms?: boolean },
  ): Promise<IncomingMessage | null> {
    const named = bodyClassOf(req.method, req.url);
    const entry = named.signedIn && carriesBody(req) && !(await options.signedIn(req)) ? ANONYMOUS_BODY : named;
    const refused = refusalByHead(entry, req);
    if (refused) {
      refuse(req, res, named === entry ? entry : { ...entry, answer: named.answer }, refused);
      return null;
    }
    if (/\b100-continue\b/i.test(String(req.headers.expect ?? ''))) res.writeContinue();
    if (reader === 'caller' || !carriesBody(req)) return req;
    const read = await readWithin(req, entry.limit);
    if ('gone' in read) {
      res.destroy();
      return null;
    }
    if ('over' in read) {
      refuse(req, res, entry, refusal(413, entry.tooLarge(null, req.url ?? '/')));
      return null;
    }
    const bad = forms ? checkBody(req.headers['content-type'], read.body) : null;
    if (bad) {
      refuse(req, res, entry, bad);
      return null;
    }
    return replay(req, read.body);
  }

  return { classOf, admit };
}
