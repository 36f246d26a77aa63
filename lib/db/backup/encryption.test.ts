import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS } from '../../auth/password.server';
import { decryptToFile, describeEncryptedBackup, encryptToFile, type ScryptCost } from './encryption.server';

const PASSPHRASE = 'correct horse battery staple';
const PLAIN = 'SQLite format 3\0 a backup written by release 1';

/**
 * A backup encrypted by the first release (format version 1: scrypt N=2^15), written by its own
 * encryptToFile before the format changed. Frozen: it must open in every later release.
 */
const VERSION_1_FILE =
  'Q0xQQktVUAEZu9aQYPxmnOlfj4BYc0SyhxCiKCr441zhZL1kE7abYBkv4p6n5+LW2xTbwp5KSV3ULgRtKkE4/wk3HD11oi87j32Q1CQKsNs+p2xbi4VOJOC/xg22BnmM7s1cBGvpTCiWLQlvWUvjWgOK';

/** scrypt's memory for N, r, p: what makes each guess at a passphrase or password cost. */
const memory = ({ log2N, r, p }: { log2N: number; r: number; p: number }) => 128 * 2 ** log2N * r * p;

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const temp = () => (dir = mkdtempSync(join(tmpdir(), 'clp-enc-')));

async function encrypt(plain: string, target: string, cost?: ScryptCost) {
  async function* source() {
    yield Buffer.from(plain);
  }
  await encryptToFile(source(), target, PASSPHRASE, cost);
}

/** The file with one byte changed, as a new file beside it. */
function changed(file: string, at: number, value?: number): string {
  const copy = readFileSync(file);
  const index = at < 0 ? copy.length + at : at;
  copy[index] = value ?? copy[index]! ^ 1;
  const path = `${file}.changed-${index}`;
  writeFileSync(path, copy);
  return path;
}

// Each derivation of a new backup's key costs a second and 256 MiB: the first test makes two (the
// backup and its restore); checks that hold at any cost derive at a cheap one.
const CHEAP: ScryptCost = { log2N: 10, r: 8, p: 1 };

describe('backup encryption', () => {
  it('derives the key of a new backup at a higher scrypt cost than password hashing, stated in the header', async () => {
    const file = join(temp(), 'new.enc');
    await encrypt(PLAIN, file);
    const format = describeEncryptedBackup(readFileSync(file));
    expect(format.version).toBe(2);
    expect(memory(format.scrypt)).toBeGreaterThan(memory(SCRYPT_PARAMS));

    await decryptToFile(file, join(dir, 'plain'), PASSPHRASE);
    expect(readFileSync(join(dir, 'plain'), 'utf8')).toBe(PLAIN);
  });

  it('refuses a backup whose tag changed in its last byte: the whole 16-byte tag is checked', async () => {
    const file = join(temp(), 'cheap.enc');
    await encrypt(PLAIN, file, CHEAP);
    expect(describeEncryptedBackup(readFileSync(file)).scrypt).toEqual(CHEAP);
    await decryptToFile(file, join(dir, 'plain'), PASSPHRASE);
    expect(readFileSync(join(dir, 'plain'), 'utf8')).toBe(PLAIN);
    await expect(decryptToFile(changed(file, -1), join(dir, 'out'), PASSPHRASE)).rejects.toThrow(/damaged/);
  });

  it('still opens a backup of the first format (version 1), and only with its passphrase', async () => {
    const file = join(temp(), 'old.enc');
    writeFileSync(file, Buffer.from(VERSION_1_FILE, 'base64'));
    expect(describeEncryptedBackup(readFileSync(file))).toMatchObject({ version: 1, scrypt: { log2N: 15, r: 8, p: 1 } });
    await expect(decryptToFile(file, join(dir, 'wrong'), 'not the passphrase')).rejects.toThrow(/does not open/);
    await decryptToFile(file, join(dir, 'plain'), PASSPHRASE);
    expect(readFileSync(join(dir, 'plain'), 'utf8')).toBe(PLAIN);
  });

  it('refuses at once a header that states an absurd cost or an unknown version', async () => {
    const file = join(temp(), 'forged.enc');
    // A version 2 header with N=2^40 (the rest never matters: it must be refused before scrypt runs).
    writeFileSync(file, Buffer.concat([Buffer.from('CLPBKUP', 'latin1'), Buffer.from([2, 40, 8, 1]), Buffer.alloc(100)]));
    await expect(decryptToFile(file, join(dir, 'out'), PASSPHRASE)).rejects.toThrow(/damaged/);
    await expect(decryptToFile(changed(file, 7, 9), join(dir, 'out9'), PASSPHRASE)).rejects.toThrow(/format version 9/);
  });
});
