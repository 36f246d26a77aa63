import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from '../../tests/support/production-server';

/** One production instance of the cluster: `node server-build/index.js`, what `npm start` runs. */
export interface Instance {
  number: number;
  port: number;
  pid: number | undefined;
  running: () => boolean;
  /** Resolves once the instance admits visitors; stays pending if it exits first. */
  ready: Promise<void>;
  /** Resolves with how the instance ended ("code 0", "SIGKILL"). */
  exited: Promise<string>;
  /** Sends `signal` (the server stops gracefully on SIGINT and SIGTERM), kills it after 15 s. */
  stop: (signal: NodeJS.Signals) => Promise<string>;
  /** SIGTERM without waiting, for when this script itself is going: the instance still stops gracefully. */
  abandon: () => void;
}

/** The server's own limit for a graceful stop is 10 s (server/serve.ts). */
const KILL_AFTER_MS = 15_000;

export function startInstance(options: { number: number; port: number; env: NodeJS.ProcessEnv }): Instance {
  // A process group of its own: a terminal's Ctrl-C reaches it once, forwarded by stop(), instead
  // of twice (from the terminal and from us).
  const child = spawn(process.execPath, ['server-build/index.js'], {
    cwd: root,
    env: { ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${String(code)}`)),
  );
  const ready = new Promise<void>((resolve) =>
    // The server logs "Serving" once it admits visitors (migrated, cached pages expired).
    pipeLines(child, `[${options.number}] `, (line) => line.includes('"msg":"Serving') && resolve()),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal: NodeJS.Signals) => {
    if (running()) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  return {
    number: options.number,
    port: options.port,
    pid: child.pid,
    running,
    ready,
    exited,
    stop,
    abandon: () => running() && child.kill('SIGTERM'),
  };
}

/** Copies a child's stdout and stderr line by line to ours, each line prefixed. */
export function pipeLines(child: ChildProcess, prefix: string, onLine?: (line: string) => void): void {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      out.write(`${prefix}${line}\n`);
      onLine?.(line);
    });
  }
}
