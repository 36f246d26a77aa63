import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  /** The decoded text body, with \n line ends. */
  text: string;
}

/** Decodes the single-part text/plain message nodemailer writes for a text-only mail. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

/**
 * A real SMTP server on a loopback port (any login accepted), collecting what it receives.
 * `delayMs` makes it slow to accept some messages (by their recipients), as a provider that
 * throttles mail to outside addresses is.
 */
export async function startSmtp(
  port = 0,
  options: { delayMs?: (to: string[]) => number } = {},
): Promise<{ url: string; port: number; mails: ReceivedMail[]; stop: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const accept = () => {
          mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to, raw, ...parseMail(raw) });
          callback();
        };
        const delay = options.delayMs?.(to) ?? 0;
        if (delay > 0) setTimeout(accept, delay);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local stand-in for the EmailJS API: answers each request with the next status in `statuses`. */
export async function startEmailJsStandIn(statuses: number[]) {
  const requests: { url: string; body: Record<string, unknown> }[] = [];
  const server = createHttpServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'OK' : 'Nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
