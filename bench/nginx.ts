import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureOutput, freePort, root, stopChild, waitUntilReady } from '../tests/support/production-server';

/**
 * nginx for the load test, when it is installed: one foreground nginx (one worker, like the one
 * Node process it is compared with) on loopback ports with a temporary configuration, serving
 * a saved copy of our home page as a static file and, in front of our server, the operators'
 * micro-cache configuration from docs/nginx/construction-loan-pros.conf.
 */

export const MICROCACHE_CONF = join(root, 'docs', 'nginx', 'construction-loan-pros.conf');

export function nginxPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export interface RunningNginx {
  /** The saved home page, served as a file. */
  staticUrl: string;
  /** Our server behind the micro-cache. */
  proxyUrl: string;
  stop: () => Promise<void>;
}

/** The operators' file with the upstream, the listen port and the cache folder swapped. */
function microcacheConf(appPort: number, listenPort: number, cacheDir: string): string {
  const conf = readFileSync(MICROCACHE_CONF, 'utf8');
  const swapped = conf
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace('/var/cache/nginx/clp', cacheDir);
  if ([`:${appPort};`, `:${listenPort};`, cacheDir].some((part) => !swapped.includes(part))) {
    throw new Error(`${MICROCACHE_CONF} no longer has the upstream, listen or cache lines the bench swaps`);
  }
  return swapped;
}

export async function startNginx(options: { nginx: string; homeHtml: string; appPort: number }): Promise<RunningNginx> {
  // Readable by nginx's workers, which run as another user when nginx is started as root.
  const dir = mkdtempSync(join(tmpdir(), 'clp-bench-nginx-'));
  chmodSync(dir, 0o755);
  const [staticPort, proxyPort] = [await freePort(), await freePort()];
  mkdirSync(join(dir, 'html'), { recursive: true });
  mkdirSync(join(dir, 'cache'), { recursive: true });
  writeFileSync(join(dir, 'html', 'index.html'), options.homeHtml);
  writeFileSync(join(dir, 'microcache.conf'), microcacheConf(options.appPort, proxyPort, join(dir, 'cache')));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  default_type application/octet-stream;',
      '  types { text/html html; }',
      ...temp.map((line) => `  ${line}`),
      '  server {',
      `    listen 127.0.0.1:${staticPort};`,
      `    root ${join(dir, 'html')};`,
      '    location = / { try_files /index.html =404; }',
      '  }',
      `  include ${join(dir, 'microcache.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(options.nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const staticUrl = `http://127.0.0.1:${staticPort}`;
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const answers = (url: string) =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  await waitUntilReady(child, output, async () => (await answers(staticUrl)) && (await answers(proxyUrl))).catch(
    async (error: unknown) => {
      const log = readFileSync(join(dir, 'error.log'), 'utf8');
      await stop();
      throw new Error(`nginx did not answer: ${String(error)}\n${log}`);
    },
  );
  return { staticUrl, proxyUrl, stop };
}
