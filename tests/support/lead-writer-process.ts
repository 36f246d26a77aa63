import { spawn } from 'node:child_process';
import { root } from './production-server';

/**
 * Starts tests/support/lead-writer.ts: another process storing leads one by one on `databaseUrl`,
 * as the running site would while a backup is taken. `committed()` lists the ids it has reported
 * committed so far, in order.
 */
export function startLeadWriter(databaseUrl: string) {
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'tests/support/lead-writer.ts', databaseUrl],
    { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const ids: string[] = [];
  let partial = '';
  let errors = '';
  const waiting = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    ids.push(...lines);
    for (const check of waiting) check();
  });
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  return {
    committed: () => [...ids],
    /** Resolves once `count` leads in all have been committed; rejects if the writer dies first. */
    waitFor: (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (ids.length < count) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
        void exited.then((code) => reject(new Error(`the lead writer exited (${String(code)}): ${errors}`)));
      }),
    /** Closes its input, so it stops after the lead it is storing; resolves with every id committed. */
    stop: async () => {
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the lead writer failed (${String(code)}): ${errors}`);
      return [...ids];
    },
    /** Ends it at once, for a test's cleanup (nothing if it has exited). */
    kill: () => void child.kill('SIGKILL'),
  };
}
