import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, stopChild, waitUntilReady } from '../tests/support/production-server';

/**
 * nginx in front of our server, when it is installed: one foreground nginx on a temporary
 * configuration that includes the operators' micro-cache configuration from
 * docs/nginx/construction-loan-pros.conf (upstream servers, listen port and cache folder swapped).
 * The load benchmark runs it beside a saved copy of our home page served as a file;
 * `npm run start:cluster -- --nginx PORT` runs it in front of several instances.
 */

export const MICROCACHE_CONF = join(root, 'docs', 'nginx', 'construction-loan-pros.conf');

export function nginxPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/**
 * Debian's `libnginx-mod-http-brotli-static` (nginx sends a file's precompressed `.br` copy), or
 * null when it is not installed. The bench's nginx runs on a configuration of its own, which does
 * not include /etc/nginx/modules-enabled/, so it loads the module itself (`runNginx`'s `modules`).
 */
export function brotliStaticModule(nginx: string): string | null {
  // `nginx -V` prints its build options on stderr, among them where its modules live.
  const built = spawnSync(nginx, ['-V'], { encoding: 'utf8' });
  const modulesPath = /--modules-path=(\S+)/.exec(`${built.stderr}${built.stdout}`)?.[1] ?? '/usr/lib/nginx/modules';
  const file = join(modulesPath, 'ngx_http_brotli_static_module.so');
  return existsSync(file) ? file : null;
}

/** The upstream's run of `server 127.0.0.1:PORT ...;` lines, with the parameters of the first. */
const UPSTREAM_SERVERS = /^( +)server 127\.0\.0\.1:\d+([^;\n]*);\n(?:\1server 127\.0\.0\.1:\d+[^;\n]*;\n)*/m;

/** The operators' file with one upstream server per app port, the listen address and the cache folder swapped. */
export function microcacheConf(options: { appPorts: number[]; listen: string; cacheDir: string }): string {
  const conf = readFileSync(MICROCACHE_CONF, 'utf8');
  const servers = UPSTREAM_SERVERS.exec(conf);
  if (!servers || !conf.includes('listen 80;') || !conf.includes('/var/cache/nginx/clp')) {
    throw new Error(`${MICROCACHE_CONF} no longer has the upstream servers, listen or cache lines to swap`);
  }
  const [lines, indent, parameters] = servers;
  const upstream = options.appPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};\n`).join('');
  return conf
    .replace(lines, upstream)
    .replace('listen 80;', `listen ${options.listen};`)
    .replace('/var/cache/nginx/clp', options.cacheDir);
}

export interface NginxProcess {
  /** The temporary folder holding the configuration, the cache and nginx's temporary files. */
  prefix: string;
  child: ChildProcess;
  /** What nginx wrote to stdout and stderr (its error log) until it answered; later lines are the caller's to read. */
  output: () => string;
  /** Stops nginx and removes its folder. */
  stop: () => Promise<void>;
}

/**
 * Starts nginx in the foreground on a temporary folder and resolves once every URL of `readyUrls`
 * answers. `http` gives the lines of the http block for that folder (after the temporary paths);
 * it may write files there. The error log goes to stderr; the access log is off unless `http`
 * turns it on. `detached` puts nginx in a process group of its own, for a caller that forwards
 * signals itself. `modules` are dynamic modules to load (their `.so` files).
 */
export async function runNginx(options: {
  nginx: string;
  http: (prefix: string) => string[];
  readyUrls: string[];
  workers?: number | 'auto';
  detached?: boolean;
  modules?: string[];
}): Promise<NginxProcess> {
  // Readable by nginx's workers, which run as another user when nginx is started as root.
  const prefix = mkdtempSync(join(tmpdir(), 'clp-nginx-'));
  chmodSync(prefix, 0o755);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(prefix, kind)};`);
  const http = options.http(prefix);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      ...(options.modules ?? []).map((file) => `load_module ${file};`),
      'daemon off;',
      `worker_processes ${options.workers ?? 1};`,
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      '  default_type application/octet-stream;',
      '  types { text/html html; }',
      ...temp.map((line) => `  ${line}`),
      ...http.map((line) => `  ${line}`),
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(options.nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let written = '';
  const collect = (chunk: Buffer) => (written += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => written;
  const stop = async () => {
    await stopChild(child);
    rmSync(prefix, { recursive: true, force: true });
  };
  const answers = (url: string) =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  const ready = async () => (await Promise.all(options.readyUrls.map(answers))).every(Boolean);
  await waitUntilReady(child, output, ready).catch(async (error: unknown) => {
    await stop();
    throw new Error(`nginx did not answer: ${error instanceof Error ? error.message : String(error)}`);
  });
  // Kept no longer: an access log would grow in memory for as long as nginx runs.
  child.stdout?.off('data', collect);
  child.stderr?.off('data', collect);
  return { prefix, child, output, stop };
}

/** A page as our server sends it: its HTML, and the very bytes it sends in gzip and in Brotli. */
export interface SavedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface RunningNginx {
  /** The saved home page, served as a file. */
  staticUrl: string;
  /** What the saved page is sent in: 'br' when the Brotli module is there, else 'gzip'. */
  staticCoding: 'br' | 'gzip';
  /** Our server behind the micro-cache. */
  proxyUrl: string;
  stop: () => Promise<void>;
}

/**
 * The load benchmark's nginx: one worker, like the one Node process it is compared with, on free
 * loopback ports: a saved copy of our home page served as a file, and our server behind the
 * micro-cache. The file is served as a site serves static HTML in production: precompressed
 * (`gzip_static`, and `brotli_static` when Debian's module is installed), from copies of the very
 * bytes our server sends in each coding, so both send a browser the same bytes and nginx
 * compresses nothing per request.
 */
export async function startNginx(options: { nginx: string; home: SavedPage; appPort: number }): Promise<RunningNginx> {
  const [staticPort, proxyPort] = [await freePort(), await freePort()];
  const staticUrl = `http://127.0.0.1:${staticPort}`;
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const brotli = brotliStaticModule(options.nginx);
  const { stop } = await runNginx({
    nginx: options.nginx,
    readyUrls: [staticUrl, proxyUrl],
    modules: brotli ? [brotli] : [],
    http: (prefix) => {
      mkdirSync(join(prefix, 'html'));
      mkdirSync(join(prefix, 'cache'));
      const file = join(prefix, 'html', 'index.html');
      writeFileSync(file, options.home.html);
      writeFileSync(`${file}.gz`, options.home.gzip);
      if (brotli) writeFileSync(`${file}.br`, options.home.br);
      const conf = microcacheConf({
        appPorts: [options.appPort],
        listen: `127.0.0.1:${proxyPort}`,
        cacheDir: join(prefix, 'cache'),
      });
      writeFileSync(join(prefix, 'microcache.conf'), conf);
      return [
        'server {',
        `  listen 127.0.0.1:${staticPort};`,
        `  root ${join(prefix, 'html')};`,
        // `/` is an internal redirect to /index.html, where the precompressed copies are looked up.
        '  index index.html;',
        '  gzip_static on;',
        ...(brotli ? ['  brotli_static on;'] : []),
        '  gzip_vary on;',
        '}',
        `include ${join(prefix, 'microcache.conf')};`,
      ];
    },
  });
  return { staticUrl, staticCoding: brotli ? 'br' : 'gzip', proxyUrl, stop };
}

/**
 * nginx in front of `appPorts` (one instance or several), as the benchmark compares them: with the
 * operators' micro-cache (docs/nginx/), or as a plain proxy that caches nothing, so every request
 * reaches an instance.
 */
export async function startProxy(options: {
  nginx: string;
  appPorts: number[];
  microcache: boolean;
}): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await runNginx({
    nginx: options.nginx,
    readyUrls: [url],
    http: (prefix) => {
      if (options.microcache) {
        mkdirSync(join(prefix, 'cache'));
        const conf = microcacheConf({ appPorts: options.appPorts, listen: `127.0.0.1:${port}`, cacheDir: join(prefix, 'cache') });
        writeFileSync(join(prefix, 'microcache.conf'), conf);
        return [`include ${join(prefix, 'microcache.conf')};`];
      }
      return [
        'upstream clp_plain {',
        ...options.appPorts.map((appPort) => `  server 127.0.0.1:${appPort};`),
        '  keepalive 64;',
        '}',
        'server {',
        `  listen 127.0.0.1:${port};`,
        '  location / {',
        '    proxy_pass http://clp_plain;',
        '    proxy_http_version 1.1;',
        '    proxy_set_header Connection "";',
        '    proxy_set_header Host $host;',
        '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
        '  }',
        '}',
      ];
    },
  });
  return { url, stop };
}
