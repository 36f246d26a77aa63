import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdPing, clamdScanner } from '../../lib/documents/clamd.server';
import { configuredScanner } from '../../lib/documents/scanner.server';
import type { ScannerFactory } from '../../lib/documents/scanner';
import { parseEnv } from '../../lib/env-schema';
import { CLAMD_MISSING, EICAR, EICAR_SIGNATURE, findClamd, startClamd, type RunningClamd } from '../support/clamd';

/**
 * The virus scan against a real clamd (Debian's clamav-daemon) loaded with our own signature for
 * the EICAR test string. Without clamd these tests fail and say what to install: a scan that is
 * never tested would pass an infected upload unseen.
 */

const bytes = (text: string) => new TextEncoder().encode(text);
/** Text long enough to span several of the client's 64 KiB frames. */
const filler = (length: number) =>
  bytes('Construction contract, line-item budget. '.repeat(Math.ceil(length / 42)).slice(0, length));

async function scan(factory: ScannerFactory, chunks: Uint8Array[]) {
  const scanner = await factory();
  for (const chunk of chunks) await scanner.write(chunk);
  return scanner.finish();
}

let clamd: RunningClamd;
beforeAll(async () => {
  clamd = await startClamd({ tcp: true });
});
afterAll(async () => {
  await clamd?.stop();
});

describe('a scan by clamd', () => {
  it('finds a clean document clean', async () => {
    const factory = clamdScanner(clamd.socketPath, { timeoutMs: 10_000 });
    expect(await scan(factory, [filler(200_000), new Uint8Array(0), filler(10)])).toEqual({ infected: false });
  });

  it('finds the EICAR string split across two writes, inside a larger document', async () => {
    const factory = clamdScanner(clamd.socketPath, { timeoutMs: 10_000 });
    const middle = 20;
    const first = new Uint8Array([...filler(100_000), ...bytes(EICAR.slice(0, middle))]);
    const second = new Uint8Array([...bytes(EICAR.slice(middle)), ...filler(1_000)]);
    expect(await scan(factory, [first, second])).toEqual({ infected: true, signature: EICAR_SIGNATURE });
  });

  it('scans over tcp://HOST:PORT too', async () => {
    const factory = clamdScanner(clamd.tcpAddress!, { timeoutMs: 10_000 });
    expect(await scan(factory, [bytes(EICAR)])).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    await expect(clamdPing(clamd.tcpAddress!)).resolves.toBeUndefined();
  });

  it('answers PING', async () => {
    await expect(clamdPing(clamd.socketPath)).resolves.toBeUndefined();
  });

  it('keeps serving after a scan is aborted half way', async () => {
    const scanner = await clamdScanner(clamd.socketPath, { timeoutMs: 10_000 })();
    await scanner.write(filler(1_000));
    scanner.abort();
    await expect(scanner.write(filler(10))).rejects.toThrow(/aborted/);
    await expect(clamdPing(clamd.socketPath)).resolves.toBeUndefined();
  });

  it('fails a scan that outlasts its deadline', async () => {
    const scanner = await clamdScanner(clamd.socketPath, { timeoutMs: 200 })();
    await scanner.write(filler(1_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(scanner.finish()).rejects.toThrow(/did not answer within 200 ms/);
  });
});

describe('when clamd cannot scan', () => {
  let gone: string;
  beforeAll(() => {
    gone = mkdtempSync(join(tmpdir(), 'clp-no-clamd-'));
  });
  afterAll(() => rmSync(gone, { recursive: true, force: true }));

  it('says clamd is unreachable when its socket is missing', async () => {
    const socket = join(gone, 'clamd.sock');
    await expect(clamdScanner(socket, { timeoutMs: 1_000 })()).rejects.toThrow(`clamd at ${socket}: connect ENOENT`);
    await expect(clamdPing(socket)).rejects.toThrow(`clamd at ${socket}: connect ENOENT`);
  });

  it("passes on clamd's refusal of a stream over its StreamMaxLength", async () => {
    const small = await startClamd({ streamMaxLength: '1M' });
    try {
      const factory = clamdScanner(small.socketPath, { timeoutMs: 10_000 });
      // clamd's own words, or, when a write meets the socket it has closed first, ours (clamd.server.ts, describe).
      await expect(scan(factory, [filler(3 * 1024 * 1024)])).rejects.toThrow(
        /clamd refused the scan: INSTREAM size limit exceeded|write EPIPE: clamd hangs up so when a stream passes its StreamMaxLength/,
      );
    } finally {
      await small.stop();
    }
  });

  it('fails the tests, saying what to install, on a machine without clamd', () => {
    expect(() => findClamd([gone])).toThrow(CLAMD_MISSING);
    expect(CLAMD_MISSING).toContain('apt-get install clamav-daemon');
  });
});

describe('CLAMD_SOCKET', () => {
  it('takes an absolute socket path or tcp://HOST:PORT, and nothing else', () => {
    expect(parseEnv({ CLAMD_SOCKET: '/var/run/clamav/clamd.ctl' }).CLAMD_SOCKET).toBe('/var/run/clamav/clamd.ctl');
    expect(parseEnv({ CLAMD_SOCKET: 'tcp://clamav:3310' }).CLAMD_SOCKET).toBe('tcp://clamav:3310');
    expect(parseEnv({ CLAMD_SOCKET: '' }).CLAMD_SOCKET).toBeUndefined();
    for (const bad of ['clamd.ctl', 'tcp://clamav', 'tcp://clamav:0', 'http://clamav:3310'])
      expect(() => parseEnv({ CLAMD_SOCKET: bad })).toThrow(/CLAMD_SOCKET: must be the absolute path/);
  });

  it('switches the scan on', async () => {
    expect(configuredScanner({})).toBeUndefined();
    const factory = configuredScanner({ CLAMD_SOCKET: clamd.socketPath });
    expect(await scan(factory!, [bytes(EICAR)])).toEqual({ infected: true, signature: EICAR_SIGNATURE });
  });
});
