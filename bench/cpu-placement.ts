import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Keeps the load generator (this process) and the servers it measures (its child processes) on
 * different cores. Left to the kernel on a 2-core machine, a loopback benchmark is bimodal: the
 * scheduler's wake-affine placement often puts the server on the generator's core, and then both
 * share one core while the other idles. Measured on `/` with 50 connections: about 2,900 req/s on
 * one core against 6,400-6,800 on two, whichever way round (docs/performance.md, "bench:load").
 * Placed, every row measures the server, not the scheduler's choice of the moment.
 *
 * With one core, or without `taskset` (util-linux), nothing is placed and the report says so.
 */
export function placeOnSeparateCores(): string {
  const cores = availableParallelism();
  if (cores < 2) return 'one core: the load generator and the servers share it';
  const servers = `1-${cores - 1}`;
  if (!pin(process.pid, '0')) return 'taskset is not installed: cores left to the kernel';
  for (const pid of descendantsOf(process.pid)) pin(pid, servers);
  return `load generator on core 0, servers on cores ${servers}`;
}

/** Sets the affinity of every thread of `pid`; false when taskset cannot be run. */
function pin(pid: number, cpus: string): boolean {
  const result = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], { stdio: 'ignore' });
  return result.error === undefined;
}

/** Every process below `root` (children, grandchildren: nginx's workers, next start's server). */
function descendantsOf(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After the command name (which may hold spaces and parentheses): state, then the parent's pid.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      queue.push(child);
      found.push(child);
    }
  }
  return found;
}
