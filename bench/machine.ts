import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

/**
 * One line about the machine a benchmark ran on: its figures depend on the cores, and on what
 * else was running (the load average).
 */
export function machineSummary(): string {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memory = Math.round(totalmem() / 1024 ** 3);
  return `nproc ${availableParallelism()}, CPU "${cpu}", ${memory} GiB, Node.js ${process.version}, load average ${load}`;
}
