import 'server-only';
import { connect, type NetConnectOpts, type Socket } from 'node:net';
import type { ScanVerdict, Scanner, ScannerFactory } from './scanner';

/**
 * A client of clamd, ClamAV's daemon (`man clamd`), over its UNIX socket or `tcp://HOST:PORT`.
 * Commands go with the `z` prefix, so each command ends and each answer ends with a NUL byte.
 * INSTREAM carries the document as frames of a 4-byte big-endian length and that many bytes,
 * closed by a zero length; clamd answers once, after the last frame, unless the stream passes its
 * StreamMaxLength: then it answers "INSTREAM size limit exceeded. ERROR" at once and hangs up.
 */

/** The largest frame sent: clamd reads a frame whole before the next, so small frames keep its buffer small. */
const FRAME_BYTES = 64 * 1024;
/** clamd's answers are a line: a server that sends more is not clamd. */
const MAX_ANSWER_BYTES = 4096;

/** clamd could not be reached, refused the scan, or gave no verdict in time: the upload has no verdict. */
export class ClamdError extends Error {
  override name = 'ClamdError';
}

/** A scanner per upload, each on its own connection to clamd, whose verdict must come within `timeoutMs` of connecting. */
export function clamdScanner(address: string, { timeoutMs }: { timeoutMs: number }): ScannerFactory {
  return async () => {
    const clamd = await openConversation(address, 'zINSTREAM\0', timeoutMs);
    const scanner: Scanner = {
      async write(chunk) {
        // An empty frame would end the stream: nothing to send.
        for (let start = 0; start < chunk.length; start += FRAME_BYTES) {
          const piece = chunk.subarray(start, start + FRAME_BYTES);
          await clamd.send(frameLength(piece.length), piece);
        }
      },
      async finish() {
        return verdict(await clamd.end(frameLength(0)));
      },
      abort: () => clamd.close(),
    };
    return scanner;
  };
}

/** Resolves once clamd answers PING with PONG; throws a ClamdError saying why not. For readiness checks. */
export async function clamdPing(address: string, { timeoutMs = 2_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const clamd = await openConversation(address, 'zPING\0', timeoutMs);
  const answer = await clamd.end();
  if (answer !== 'PONG') throw new ClamdError(`clamd at ${address} answered PING with "${answer.slice(0, 200)}"`);
}

function frameLength(length: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(length);
  return header;
}

/** clamd's answer to INSTREAM: `stream: OK`, `stream: <signature> FOUND` or `<reason> ERROR`. */
export function verdict(answer: string): ScanVerdict {
  if (answer === 'stream: OK') return { infected: false };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { infected: true, signature: found[1]! };
  const error = /^(?:stream: )?(.*?) ?ERROR$/.exec(answer);
  if (error) throw new ClamdError(`clamd refused the scan: ${error[1]}`);
  throw new ClamdError(`clamd gave an answer that is no verdict: "${answer.slice(0, 200)}"`);
}

/** `tcp://host:port` or the path of a UNIX socket. */
export function clamdConnectOptions(address: string): NetConnectOpts {
  if (!address.startsWith('tcp://')) return { path: address };
  const url = new URL(address);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

interface Conversation {
  /** Writes the bytes, waiting while the socket's buffer is full; throws once the conversation has failed or clamd has answered. */
  send(...parts: Uint8Array[]): Promise<void>;
  /** Writes the last bytes, if any, and resolves with clamd's answer. */
  end(last?: Uint8Array): Promise<string>;
  close(): void;
}

/** Connects and sends `command`; rejects when clamd cannot be reached. One deadline covers all that follows. */
async function openConversation(address: string, command: string, timeoutMs: number): Promise<Conversation> {
  const socket = connect(clamdConnectOptions(address));
  let outcome: { answer: string } | { error: ClamdError } | undefined;
  let settle!: (answer: string | ClamdError) => void;
  const deadline = setTimeout(
    () => settle(new ClamdError(`clamd at ${address} did not answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  const answer = new Promise<string>((resolve, reject) => {
    settle = (result) => {
      if (outcome) return;
      clearTimeout(deadline);
      outcome = typeof result === 'string' ? { answer: result } : { error: result };
      if (typeof result === 'string') resolve(result);
      else reject(result);
      socket.destroy();
    };
  });
  // A conversation that fails before anyone awaits its answer must not be an unhandled rejection.
  answer.catch(() => {});

  let received = Buffer.alloc(0);
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    const end = received.indexOf(0);
    if (end >= 0) settle(received.subarray(0, end).toString('utf8').trim());
    else if (received.length > MAX_ANSWER_BYTES) settle(new ClamdError(`clamd at ${address} sent no end to its answer`));
  });
  socket.on('error', (error: NodeJS.ErrnoException) => settle(new ClamdError(`clamd at ${address}: ${describe(error)}`)));
  socket.on('close', () => settle(new ClamdError(`clamd at ${address} closed the connection without an answer`)));

  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    answer.catch(reject);
  });
  socket.write(command);

  const failIfOver = () => {
    if (!outcome) return;
    if ('error' in outcome) throw outcome.error;
    // clamd answers before the end of the stream only to refuse it (e.g. its size limit).
    verdict(outcome.answer);
    throw new ClamdError(`clamd answered before the end of the stream: "${outcome.answer.slice(0, 200)}"`);
  };
  return {
    async end(last) {
      if (last) {
        failIfOver();
        socket.write(last);
      }
      return answer;
    },
    async send(...parts) {
      failIfOver();
      let roomLeft = true;
      for (const part of parts) roomLeft = socket.write(part);
      if (!roomLeft) await drained(socket);
      failIfOver();
    },
    close: () => settle(new ClamdError('the scan was aborted')),
  };
}

/**
 * clamd hangs up once a stream passes its StreamMaxLength, right after its answer. A write that
 * meets the closed socket fails, and Node closes the socket before the answer waiting in it is read
 * (about one time in thirty): say then what clamd's answer would have said.
 */
function describe(error: NodeJS.ErrnoException): string {
  const hungUp = error.code === 'EPIPE' || error.code === 'ECONNRESET';
  return hungUp ? `${error.message}: clamd hangs up so when a stream passes its StreamMaxLength` : error.message;
}

/** Resolves when the socket can take more, or has closed (the caller then finds out why). */
function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}
