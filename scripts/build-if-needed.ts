import { spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start` builds when there is no build, or when a source file is newer than the build,
 * so a fresh clone runs with one command and a `git pull` is never served from an old build.
 */

const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIsCurrent(root: string): boolean {
  const marker = join(root, '.next', 'BUILD_ID');
  if (!existsSync(marker)) return false;
  const built = statSync(marker).mtimeMs;
  return SOURCES.every((source) => newestMtime(join(root, source)) <= built);
}

export function buildIfNeeded(root: string, log: (message: string) => void, stdio: StdioOptions = 'inherit'): void {
  if (buildIsCurrent(root)) return;
  log('No current production build: running next build (this takes a minute or two the first time).');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit code ${String(result.status)})`);
}
