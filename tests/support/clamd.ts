import { spawn } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clamdPing } from '../../lib/documents/clamd.server';
import { freePort } from './production-server';

/**
 * A real clamd (Debian's clamav-daemon) for the virus scan tests, started as a child process with
 * a configuration of its own: in the foreground, a socket in a temporary folder, and a database
 * of our one signature (./clamav/test-signatures.ndb: the EICAR test string), so it needs no
 * freshclam and no network, and answers PING about 30 ms after it is started.
 */

export const CLAMD_MISSING =
  "The virus scan tests need ClamAV's daemon, `clamd`, on PATH or in /usr/sbin. " +
  'On Debian: apt-get install clamav-daemon (.ci/run installs it when run as root).';

const SIGNATURES = fileURLToPath(new URL('./clamav/test-signatures.ndb', import.meta.url));

/** The EICAR test string, put together at run time: a file holding it whole would set off the scanners of our own machines. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR' + '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** How clamd names our signature's hit. */
export const EICAR_SIGNATURE = 'Clp.Test.EICAR.UNOFFICIAL';

export interface RunningClamd {
  /** The UNIX socket, a CLAMD_SOCKET value. */
  socketPath: string;
  /** `tcp://127.0.0.1:PORT` when started with `tcp: true`. */
  tcpAddress?: string;
  stop(): Promise<void>;
}

/** clamd's path: it lives in /usr/sbin, which a user's PATH often leaves out. Throws CLAMD_MISSING when there is none. */
export function findClamd(folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']): string {
  for (const folder of folders.filter(Boolean)) {
    const candidate = join(folder, 'clamd');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  throw new Error(CLAMD_MISSING);
}

/** Starts clamd and resolves once it answers PING. `streamMaxLength` in clamd's units (30M, 1M). */
export async function startClamd(options: { streamMaxLength?: string; tcp?: boolean } = {}): Promise<RunningClamd> {
  const clamd = findClamd();
  const dir = mkdtempSync(join(tmpdir(), 'clp-clamd-'));
  const socketPath = join(dir, 'clamd.sock');
  mkdirSync(join(dir, 'db'));
  mkdirSync(join(dir, 'tmp'));
  copyFileSync(SIGNATURES, join(dir, 'db', 'test-signatures.ndb'));
  const port = options.tcp ? await freePort() : undefined;
  const config = [
    'Foreground yes',
    `LocalSocket ${socketPath}`,
    'LocalSocketMode 600',
    ...(port ? ['TCPAddr 127.0.0.1', `TCPSocket ${port}`] : []),
    `DatabaseDirectory ${join(dir, 'db')}`,
    // clamd spools each stream to a file before scanning it.
    `TemporaryDirectory ${join(dir, 'tmp')}`,
    `StreamMaxLength ${options.streamMaxLength ?? '30M'}`,
  ];
  writeFileSync(join(dir, 'clamd.conf'), `${config.join('\n')}\n`);

  const child = spawn(clamd, [`--config-file=${join(dir, 'clamd.conf')}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (data: Buffer) => (output = (output + data.toString()).slice(-4000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  let running = true;
  void exited.then(() => (running = false));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });

  const startedBy = Date.now() + 20_000;
  for (;;) {
    try {
      await clamdPing(socketPath, { timeoutMs: 1_000 });
      break;
    } catch (error) {
      if (!running || Date.now() > startedBy) {
        child.kill('SIGKILL');
        await exited;
        cleanUp();
        throw new Error(`clamd did not start (${(error as Error).message}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    socketPath,
    tcpAddress: port ? `tcp://127.0.0.1:${port}` : undefined,
    async stop() {
      if (running) child.kill('SIGTERM');
      await exited;
      cleanUp();
    },
  };
}
