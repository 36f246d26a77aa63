// Builds what `npm start` runs: Next's production build (`next build` into .next/) and the server
// (server/index.ts and what it imports, bundled by esbuild into server-build/, so it runs on plain
// `node`; dependencies stay in node_modules), with the browser scripts the server sends itself (the
// Web Vitals collector, and the boot script it inlines into public pages). Plain JavaScript,
// because it runs before anything is compiled.
//
//   node server/build.mjs                       both (npm run build)
//   node server/build.mjs --if-needed           only what is older than its sources (npm start)
//   node server/build.mjs --server [--if-needed] the server only (npm run dev, db:migrate, db:backup, db:restore,
//                                               secret-key:rotate)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleBootScript } from './deferred-boot/bundle-boot-script.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = join(root, 'server-build');
/** The field-data collector (lib/vitals/client/collector.ts), served by server/vitals/collector-asset.ts. */
export const VITALS_COLLECTOR = join(SERVER_BUILD, 'vitals-collector.js');
/** The calculators' live scripts (lib/calculators/live/), served by server/calculators/live-scripts.ts. */
export const LIVE_SCRIPTS = join(SERVER_BUILD, 'calculators');
/** The deferred boot's inline script (lib/site/boot/), read by server/deferred-boot/boot-script.ts. */
export const BOOT_SCRIPT = join(SERVER_BUILD, 'boot-client.js');

const SHARED_SOURCES = ['lib', 'package-lock.json', 'tsconfig.json'];
/** What `next build` reads. */
const APP_SOURCES = [
  ...SHARED_SOURCES,
  'app',
  'components',
  'public',
  'next.config.ts',
  'proxy.ts',
  'instrumentation.ts',
  'postcss.config.mjs',
];
/** What the server bundle is made of. */
const SERVER_SOURCES = [...SHARED_SOURCES, 'server'];

// Tests beside the code (lib/**/*.test.ts) are in no bundle: editing one must not start a rebuild.
const TEST_FILE = /\.test\.tsx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) if (!TEST_FILE.test(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `marker` exists and no source is newer than it. */
function isCurrent(marker, sources) {
  if (!existsSync(marker)) return false;
  const built = statSync(marker).mtimeMs;
  return sources.every((source) => newestMtime(join(root, source)) <= built);
}

export const appIsCurrent = () => isCurrent(join(root, '.next', 'BUILD_ID'), APP_SOURCES);
export const serverIsCurrent = () => existsSync(BOOT_SCRIPT) && isCurrent(join(SERVER_BUILD, 'index.js'), SERVER_SOURCES);

/** `server-only` throws outside Next's server bundles by design; the server is server code too. */
const serverOnly = {
  name: 'server-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * Refuses `next/*` in the server bundle. Those modules (next/cache, next/headers, ...) work only
 * inside Next's own server; loaded by ours, an import of them fails at start (Node's ESM finds no
 * `next/cache` without its extension), and `npm start` would die on a path nobody tested. A module
 * the server reaches (the lead path, start-up) must not import them: keep cached reads in modules
 * of their own. The server's one Next import is `next` itself, to start it.
 */
const nextOnlyInsideNext = {
  name: 'next-only-inside-next',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^next\// }, (args) => ({
      errors: [
        {
          text: `${args.importer} imports ${args.path}, which works only inside Next: the server bundle reaches it. Move what the server needs into a module without Next imports.`,
        },
      ],
    }));
  },
};

/**
 * A script the server sends browsers itself: bundled, minified, one classic script each for the
 * browsers of package.json's browserslist. They run on public pages after their `load` event and
 * must stay a few KB.
 */
const BROWSER_SCRIPT = {
  absWorkingDir: root,
  bundle: true,
  platform: 'browser',
  format: 'iife',
  target: ['chrome111', 'edge111', 'firefox111', 'safari16.4'],
  minify: true,
  logLevel: 'warning',
};

/** The collector with web-vitals. */
async function buildCollector() {
  await build({ ...BROWSER_SCRIPT, entryPoints: ['lib/vitals/client/collector.ts'], outfile: VITALS_COLLECTOR });
}

/**
 * Each calculator page's live script (ADR 039): its engine, the registry's parsing and its results'
 * view. It answers the visitor's first digit, so it must stay small (bench:js measures each apart).
 */
async function buildLiveScripts() {
  const entries = join('lib', 'calculators', 'live', 'entries');
  const names = readdirSync(join(root, entries)).filter((name) => name.endsWith('.ts'));
  await build({ ...BROWSER_SCRIPT, entryPoints: names.map((name) => join(entries, name)), outdir: LIVE_SCRIPTS });
}

/** The boot script, written whole: the server inlines it into every public page it rewrites. */
async function buildBootScript() {
  const script = await bundleBootScript(root);
  mkdirSync(SERVER_BUILD, { recursive: true });
  writeFileSync(BOOT_SCRIPT, script);
}

export async function buildServer() {
  await buildCollector();
  await buildLiveScripts();
  await buildBootScript();
  await build({
    absWorkingDir: root,
    entryPoints: {
      index: 'server/index.ts',
      migrate: 'server/migrate.ts',
      backup: 'server/backup.ts',
      restore: 'server/restore.ts',
      'rotate-key': 'server/rotate-key.ts',
      'build-database': 'server/build-database.ts',
    },
    outdir: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    sourcemap: 'linked',
    plugins: [serverOnly, nextOnlyInsideNext],
    logLevel: 'warning',
  });
}

/**
 * `next build`, prerendering from a throw-away database of defaults made by the server bundle's
 * build-database.js (lib/setup/ prepares it as it would a new site's), so the build never touches
 * the real database. The server bundle must be built first.
 */
export function buildApp() {
  const folder = mkdtempSync(join(tmpdir(), 'clp-build-database-'));
  try {
    const database = join(folder, 'build.db');
    const prepared = spawnSync(process.execPath, [join(SERVER_BUILD, 'build-database.js'), database], {
      cwd: root,
      stdio: 'inherit',
    });
    if (prepared.status !== 0) throw new Error(`preparing the build's database failed (exit code ${String(prepared.status)})`);
    const next = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
    const result = spawnSync(process.execPath, [next, 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', BUILD_DATABASE_PATH: database },
    });
    if (result.status !== 0) throw new Error(`next build failed (exit code ${String(result.status)})`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * One build at a time in this folder: two commands started together (`npm start` beside a test
 * run, two test runs) would otherwise both run `next build`, and Next refuses the second. The
 * second waits here, then finds the build current. A lock left by a build that died (its process
 * is gone) is taken over.
 */
const LOCK = join(root, '.build.lock');

async function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (!lockHolderAlive()) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  writeFileSync(join(LOCK, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function lockHolderAlive() {
  let pid;
  try {
    pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
  } catch {
    // Just made, its pid not yet written: give it a moment (a lock older than a minute is stale).
    return Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 60_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function main(args) {
  const ifNeeded = args.includes('--if-needed');
  // The server first: the app's build runs its build-database.js.
  if (!(ifNeeded && serverIsCurrent())) await buildServer();
  if (!args.includes('--server') && !(ifNeeded && appIsCurrent())) {
    if (ifNeeded) console.warn('No current production build: running next build (a minute or two the first time).');
    buildApp();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  withBuildLock(() => main(process.argv.slice(2))).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
