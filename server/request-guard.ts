import { IncomingMessage } from 'node:http';
import { FORM_BODY_LIMIT } from '../lib/http/form-body-limit';

/**
 * What the server refuses in a form before any app code reads it: the body of every POST to a page
 * (Server Actions: the lead forms without JavaScript, the admin) and of the lead endpoint
 * (./lead-endpoint.ts). Both entries give the same refusal, status and message, for the same
 * fault. Next's own bodySizeLimit answers 500, and some malformed bodies reset the connection.
 * The size of every body, forms or not, is bounded first by the limits table (./body-limits.ts,
 * applied by ./body-gate.ts).
 */

export interface Refusal {
  status: number;
  message: string;
}

export const REFUSALS = {
  noLength: { status: 411, message: 'A form submission must state its length.' },
  badLength: { status: 400, message: 'Malformed Content-Length.' },
  tooLarge: { status: 413, message: `The form is too large: at most ${Math.round(FORM_BODY_LIMIT / 1024)} KB may be sent.` },
  malformed: { status: 400, message: 'The form submission is malformed.' },
  encoding: { status: 415, message: 'Unsupported form encoding: send the form URL-encoded or as multipart/form-data.' },
} as const satisfies Record<string, Refusal>;

/** A POST to a page: a Server Action call, or a form posted without JavaScript. */
export function isPagePost(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && !/^\/(api|_next)\//.test(url ?? '/');
}

/** Refuses by the headers alone: no length, or a length over the limit. */
export function checkLength(headers: IncomingMessage['headers'], limit = FORM_BODY_LIMIT): Refusal | null {
  const length = headers['content-length'];
  if (length === undefined) return REFUSALS.noLength;
  if (!/^\d+$/.test(length)) return REFUSALS.badLength;
  if (Number(length) > limit) return REFUSALS.tooLarge;
  return null;
}

/** The body's media type, lower-case, without parameters. */
export const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** True when a multipart body is framed by its boundary, start and end. */
function wellFramed(contentType: string | undefined, body: Buffer): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return false;
  const text = body.toString('latin1');
  return text.startsWith(`--${marker}`) && text.includes(`--${marker}--`);
}

/**
 * Refuses a body that is not one of `accepted` encodings, intact. Forms send URL-encoded or
 * multipart bodies; Next's Server Action calls from JavaScript also send text/plain JSON.
 */
export function checkBody(
  contentType: string | undefined,
  body: Buffer,
  accepted: readonly string[] = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
): Refusal | null {
  const type = mediaType(contentType);
  if (!accepted.includes(type)) return type === '' && body.length === 0 ? null : REFUSALS.encoding;
  if (type === 'multipart/form-data') return wellFramed(contentType, body) ? null : REFUSALS.malformed;
  if (type === 'text/plain') {
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      return REFUSALS.malformed;
    }
  }
  return null;
}

/** Reads the whole body (its length already checked), stopping past the limit (null). */
export function readBody(req: IncomingMessage, limit = FORM_BODY_LIMIT): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A request identical to `req` whose body is `body`, for Next to read after the check. */
export function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  // The body is whole now: its real length, however it arrived (stated, or in chunks).
  const { 'transfer-encoding': _chunked, ...headers } = req.headers;
  copy.headers = { ...headers, 'content-length': String(body.length) };
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // Marked complete, or Node treats the end of this copy as an aborted request and closes the socket.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}
