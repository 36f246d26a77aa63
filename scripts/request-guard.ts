import { IncomingMessage } from 'node:http';
import { FORM_BODY_LIMIT } from '../lib/http/form-body-limit';

/**
 * Checks the body of every POST to a page (Server Actions: the lead forms and the admin) before
 * Next sees it, so an oversized or malformed request gets a clear 4xx and reaches no action.
 * Next's own bodySizeLimit answers 500, and some malformed bodies reset the connection.
 * Route handlers under /api/ read their own bodies and are left alone.
 */

export { FORM_BODY_LIMIT };

export interface Refusal {
  status: number;
  message: string;
}

export function isGuarded(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && !/^\/(api|_next)\//.test(url ?? '/');
}

/** Refuses by the headers alone: no length, or a length over the limit. */
export function checkHeaders(headers: IncomingMessage['headers'], limit = FORM_BODY_LIMIT): Refusal | null {
  const length = headers['content-length'];
  if (length === undefined) return { status: 411, message: 'A form submission must state its length.' };
  if (!/^\d+$/.test(length)) return { status: 400, message: 'Malformed Content-Length.' };
  if (Number(length) > limit) {
    return { status: 413, message: `The form is too large: at most ${Math.round(limit / 1024)} KB may be sent.` };
  }
  return null;
}

/** Refuses a body that is not one of the encodings a form or a Server Action call produces, intact. */
export function checkBody(contentType: string | undefined, body: Buffer): Refusal | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const malformed = { status: 400, message: 'The form submission is malformed.' };
  if (type === 'multipart/form-data') {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
    const marker = boundary?.[1] ?? boundary?.[2];
    if (!marker) return malformed;
    const text = body.toString('latin1');
    return text.startsWith(`--${marker}`) && text.includes(`--${marker}--`) ? null : malformed;
  }
  if (type === 'text/plain') {
    try {
      JSON.parse(body.toString('utf8'));
      return null;
    } catch {
      return malformed;
    }
  }
  if (type === 'application/x-www-form-urlencoded') return null;
  if (body.length === 0) return null;
  return { status: 415, message: 'Unsupported form encoding.' };
}

/** Reads the whole body (its length already checked), stopping past the limit. */
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
  copy.headers = req.headers;
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
