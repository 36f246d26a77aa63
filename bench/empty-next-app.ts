import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureOutput, freePort, root, stopChild, waitUntilReady, type RunningServer } from '../tests/support/production-server';

/**
 * The baseline of the JS budget: an empty App Router page built with the very Next.js and React
 * the project uses. Its node_modules is a symlink to the project's, never an install of its own,
 * so the baseline cannot drift to another version.
 */

const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const version = (name: string) =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

function appFiles(): Record<string, string> {
  const dependencies = Object.fromEntries(['next', 'react', 'react-dom'].map((name) => [name, version(name)]));
  return {
    'package.json': JSON.stringify({ name: 'empty-next-app', private: true, dependencies }, null, 2),
    // A default config, except that Turbopack only compiles files under its root and the
    // symlinked node_modules lives in the project; the root does not change the client JS.
    'next.config.mjs': `export default { turbopack: { root: '/' } };\n`,
    'app/layout.tsx': [
      'export default function RootLayout({ children }: { children: React.ReactNode }) {',
      '  return (<html lang="en"><body>{children}</body></html>);',
      '}',
      '',
    ].join('\n'),
    'app/page.tsx': 'export default function Page() {\n  return <p>Empty page</p>;\n}\n',
  };
}

/** The empty app's files and versions, hashed: a recorded baseline is valid for this key only. */
export const emptyAppKey = () => createHash('sha256').update(JSON.stringify(appFiles())).digest('hex').slice(0, 16);

/** Where `npm run bench:js -- --record-baseline` writes what the empty page loads (docs/testing.md). */
export const RECORDED_BASELINE = join(root, 'bench', 'empty-next-baseline.json');

export interface RecordedBaseline {
  key: string;
  versions: Record<string, string>;
  gzipBytes: number;
  scripts: { path: string; gzipBytes: number }[];
}

/** The recorded baseline when it was measured with today's versions and files, else null. */
export function readRecordedBaseline(): RecordedBaseline | null {
  if (!existsSync(RECORDED_BASELINE)) return null;
  const recorded = JSON.parse(readFileSync(RECORDED_BASELINE, 'utf8')) as RecordedBaseline;
  return recorded.key === emptyAppKey() ? recorded : null;
}

export function writeRecordedBaseline(scripts: { url: string; gzipBytes: number }[]): RecordedBaseline {
  const recorded: RecordedBaseline = {
    key: emptyAppKey(),
    versions: Object.fromEntries(['next', 'react', 'react-dom'].map((name) => [name, version(name)])),
    gzipBytes: scripts.reduce((total, script) => total + script.gzipBytes, 0),
    scripts: scripts.map((script) => ({ path: new URL(script.url).pathname, gzipBytes: script.gzipBytes })),
  };
  writeFileSync(RECORDED_BASELINE, `${JSON.stringify(recorded, null, 2)}\n`);
  return recorded;
}

/**
 * Builds the empty app once per set of versions and files: the folder name carries their hash, so
 * the bench and the test guard reuse one build and an upgrade of Next.js makes a new one.
 */
export function buildEmptyNextApp(log: (message: string) => void): string {
  const files = appFiles();
  // The project folder is part of the key: the build's node_modules link points into it.
  const key = createHash('sha256').update(JSON.stringify({ files, root })).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `clp-empty-next-${version('next')}-${key}`);
  if (existsSync(join(dir, '.next', 'BUILD_ID'))) return dir;

  log(`Building an empty Next.js ${version('next')} app in ${dir} (about a minute).`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    rmSync(join(dir, '.next'), { recursive: true, force: true });
    throw new Error(`next build of the empty app failed:\n${result.stdout}\n${result.stderr}`);
  }
  return dir;
}

/** `next start -p PORT` on the empty app; ready once it answers its page. */
export async function startEmptyNextApp(dir: string): Promise<Omit<RunningServer, 'databasePath'>> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const answers = () =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  await waitUntilReady(child, output, answers).catch(async (error: unknown) => {
    await stopChild(child);
    throw error;
  });
  return { url, output, stop: () => stopChild(child), exited: () => child.exitCode !== null || child.signalCode !== null };
}
