/**
 * `npm run start:cluster -- --instances 2 [--port 3000] [--nginx 8080]`: several production
 * instances on one PostgreSQL database, for trying locally what docs/operations.md's "Running several
 * instances" describes. Builds what is out of date, starts `node server-build/index.js` on
 * consecutive ports with the same DATABASE_URL and SITE_URL, prefixes each one's log lines with its
 * number and, with `--nginx PORT`, puts nginx in front with docs/nginx/construction-loan-pros.conf.
 * Ctrl-C (or SIGTERM) stops nginx, then every instance gracefully, and waits for their exit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { microcacheConf, nginxPath, runNginx, type NginxProcess } from '../bench/nginx';
import { buildIfNeeded } from '../tests/support/production-server';
import { pipeLines, startInstance, type Instance } from './start-cluster/instance';
import { readClusterOptions, refuse, say } from './start-cluster/options';

const options = await readClusterOptions(process.argv.slice(2));
const nginx = options.nginxPort === undefined ? null : nginxPath();
if (options.nginxPort !== undefined && !nginx)
  refuse('--nginx needs nginx, which is not installed (e.g. apt-get install nginx).');

say('Building what is out of date');
try {
  buildIfNeeded();
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}

const instances: Instance[] = [];
let nginxStarting: Promise<NginxProcess | null> = Promise.resolve(null);
let stopping = false;

/** Stops nginx (no new requests), then every instance with `signal`, waits for them all, exits. */
async function stopAll(signal: NodeJS.Signals, exitCode: number): Promise<void> {
  if (stopping) return say('Still stopping: an instance that has not exited 15 s after the signal is killed.');
  stopping = true;
  say(`Stopping (${signal})`);
  await (await nginxStarting.catch(() => null))?.stop();
  const ends = await Promise.all(instances.map((instance) => instance.stop(signal)));
  say(`Stopped: ${ends.map((end, i) => `instance ${i + 1} (${end})`).join(', ')}`);
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(signal, 0));
// The instances have process groups of their own: if this script dies of an error, they must not
// outlive it.
process.on('exit', () => instances.forEach((instance) => instance.abandon()));

let serving = false;

/** One instance failing to start stops the cluster; one stopping later leaves the others serving. */
function onExit(instance: Instance, end: string): void {
  if (stopping) return;
  if (!serving) {
    say(`Instance ${instance.number} exited (${end}) before it was ready: stopping the others`);
    void stopAll('SIGTERM', 1);
  } else if (instances.some((other) => other.running())) {
    say(`Instance ${instance.number} exited (${end}); the others go on serving`);
  } else {
    say(`Instance ${instance.number} exited (${end}), the last one`);
    void stopAll('SIGTERM', 1);
  }
}

const env = { ...process.env, DATABASE_URL: options.databaseUrl, SITE_URL: options.siteUrl, ...options.extraEnv };
for (let i = 0; i < options.instances; i++) {
  const instance = startInstance({ number: i + 1, port: options.port + i, env });
  void instance.exited.then((end) => onExit(instance, end));
  instances.push(instance);
}
await Promise.all(instances.map((instance) => instance.ready));
serving = true;

if (nginx && options.nginxPort !== undefined) {
  const listen = options.nginxPort;
  nginxStarting = runNginx({
    nginx,
    workers: 'auto',
    detached: true,
    readyUrls: [`http://127.0.0.1:${listen}/api/ready`],
    http: (prefix) => {
      const conf = microcacheConf({
        appPorts: instances.map((i) => i.port),
        listen: String(listen),
        cacheDir: join(prefix, 'cache'),
      });
      writeFileSync(join(prefix, 'cluster.conf'), conf);
      return [`include ${join(prefix, 'cluster.conf')};`];
    },
  });
  const running = await nginxStarting.catch((error: unknown) => {
    say(error instanceof Error ? error.message : String(error));
    void stopAll('SIGTERM', 1);
    return null;
  });
  if (running) {
    pipeLines(running.child, '[nginx] ');
    running.child.once('exit', (code, signal) => {
      if (stopping) return;
      say(`nginx exited (${signal ?? `code ${String(code)}`}): stopping the instances`);
      void stopAll('SIGTERM', 1);
    });
  }
}

if (!stopping) {
  say(
    [
      `${options.instances} instances on ${options.databaseLabel}, SITE_URL ${options.siteUrl}`,
      ...instances.map((i) => `  instance ${i.number}: http://localhost:${i.port} (pid ${String(i.pid)})`),
      ...(options.nginxPort === undefined ? [] : [`  nginx in front of them: http://localhost:${options.nginxPort}`]),
      'Ctrl-C stops them all.',
    ].join('\n'),
  );
}
