import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

/**
 * Info-ZIP's `unzip` (Debian's package), a real unzipper for the tests of the archives we write:
 * it checks every entry's CRC, reads the ZIP64 records and the UTF-8 flag, and writes each entry
 * where its name says.
 */

const run = promisify(execFile);

export const UNZIP_MISSING = 'The ZIP tests need Info-ZIP’s `unzip` on PATH. On Debian: apt-get install unzip.';

/** A UTF-8 locale, without which unzip turns a name's non-ASCII letters into `?`. */
const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };

async function unzip(args: string[]): Promise<string> {
  try {
    const { stdout } = await run('unzip', args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(UNZIP_MISSING);
    throw error;
  }
}

export async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The archive tested (`unzip -t`: every entry read and its CRC checked, which throws on any
 * error) and then unpacked: each file's path in the archive and its bytes, in the archive's order.
 */
export async function unzipped(archive: Uint8Array): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'clp-zip-'));
  try {
    const file = join(dir, 'archive.zip');
    writeFileSync(file, archive);
    const tested = await unzip(['-t', file]);
    if (!tested.includes('No errors detected')) throw new Error(`unzip -t found errors:\n${tested}`);
    const order = (await unzip(['-Z1', file])).split('\n').filter(Boolean);
    const out = join(dir, 'out');
    await unzip(['-q', file, '-d', out]);
    const unpacked = new Map(filesUnder(out).map((path) => [relative(out, path), readFileSync(path)]));
    if (unpacked.size !== order.length) throw new Error(`unzip wrote ${unpacked.size} files of ${order.length}.`);
    return new Map(order.map((name) => [name, unpacked.get(name)!]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `unzip -t` alone, for an archive too large to unpack in a test: the number of entries it checked. */
export async function testedEntries(archive: Uint8Array): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'clp-zip-'));
  try {
    const file = join(dir, 'archive.zip');
    writeFileSync(file, archive);
    const tested = await unzip(['-tq', file]);
    const found = /No errors detected in compressed data of .*?\.\s*$/m.test(tested);
    if (!found) throw new Error(`unzip -t found errors:\n${tested}`);
    return (await unzip(['-Z1', file])).split('\n').filter(Boolean).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
