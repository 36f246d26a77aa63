import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { BackupError } from './errors';

/**
 * Backup encryption: AES-256-GCM (16-byte tag), streamed, with a key derived by scrypt from
 * BACKUP_PASSPHRASE and a random salt. A file is
 *
 *   version 2: MAGIC (7 bytes) | 2 | log2 N (1) | r (1) | p (1) | salt (16) | nonce (12) | check (16)
 *   version 1: MAGIC (7 bytes) | 1 | salt (16) | nonce (12) | check (16)      (scrypt N=2^15, r=8, p=1)
 *   ciphertext
 *   tag (16)
 *
 * The header is the cipher's additional data, so changing any byte of the file fails the tag.
 * GCM only proves the data at its end; the passphrase check (the second half of the scrypt output)
 * tells a wrong passphrase from a damaged file at once, before a single byte is written. New
 * backups are version 2, whose header states its scrypt cost; version 1 files still restore.
 */

const MAGIC = Buffer.from('CLPBKUP', 'latin1');
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/**
 * The cost of new backups: 256 MiB of memory, about a second, once per backup or restore. Above
 * the password hashing's (lib/auth/password.server.ts, 128 MiB): a stolen backup file may be
 * attacked offline for as long as its thief likes, with no sign-in throttle in the way.
 */
export const NEW_BACKUP_COST: ScryptCost = { log2N: 18, r: 8, p: 1 };
const VERSION_1_COST: ScryptCost = { log2N: 15, r: 8, p: 1 };
/** A header may state no more than this (a changed header must not make the restore allocate gigabytes). */
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;

const scryptMemory = ({ log2N, r, p }: ScryptCost) => 128 * 2 ** log2N * r * p;

const FORMATS = {
  1: { headerBytes: MAGIC.length + 1 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES },
  2: { headerBytes: MAGIC.length + 1 + 3 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES },
} as const;
const VERSION = 2;
/** The longest header of any version: what a reader takes before it knows which one it has. */
export const HEADER_BYTES = Math.max(...Object.values(FORMATS).map((format) => format.headerBytes));

/** True when the first bytes of a file are an encrypted backup's (of any version). */
export const isEncryptedBackup = (start: Buffer): boolean => start.subarray(0, MAGIC.length).equals(MAGIC);

/** What an encrypted backup's header says: its format version and scrypt cost. Throws for a version this release cannot read. */
export function describeEncryptedBackup(start: Buffer): { version: 1 | 2; scrypt: ScryptCost } {
  const version = start[MAGIC.length];
  if (version === 1) return { version, scrypt: VERSION_1_COST };
  if (version === 2) {
    const [log2N, r, p] = [...start.subarray(MAGIC.length + 1, MAGIC.length + 4)] as [number, number, number];
    return { version, scrypt: { log2N, r, p } };
  }
  throw new BackupError(`This backup is encrypted with format version ${String(version)}, which this release cannot read.`);
}

function deriveKeys(passphrase: string, salt: Buffer, cost: ScryptCost): Promise<{ key: Buffer; check: Buffer }> {
  const memory = scryptMemory(cost);
  const options: ScryptOptions = { N: 2 ** cost.log2N, r: cost.r, p: cost.p, maxmem: memory + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32 + CHECK_BYTES, options, (error, derived) =>
      error ? reject(error) : resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) }),
    ),
  );
}

/**
 * Encrypts `source` (a stream of the plain backup) into a new file `target` (mode 0600; it must
 * not exist yet), synced to disk before the promise resolves. `cost` is lowered by tests only, whose
 * throwaway backups would otherwise spend seconds per key; the header states it either way.
 */
export async function encryptToFile(
  source: AsyncIterable<Buffer>,
  target: string,
  passphrase: string,
  cost: ScryptCost = NEW_BACKUP_COST,
): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt, cost);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, cost.log2N, cost.r, cost.p]), salt, nonce, check]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES }).setAAD(header);
  const out = await open(target, 'wx', 0o600);
  try {
    await out.write(header);
    for await (const chunk of source) await out.write(cipher.update(chunk));
    await out.write(cipher.final());
    await out.write(cipher.getAuthTag());
    await out.sync();
  } finally {
    await out.close();
  }
}

/**
 * Decrypts the backup `source` into a new file `target` (mode 0600; it must not exist yet). Throws
 * a BackupError when the passphrase is wrong or the file was changed or cut short; the caller then
 * removes `target`, which holds unproven bytes and must never be used.
 */
export async function decryptToFile(source: string, target: string, passphrase: string): Promise<void> {
  const { size } = await stat(source);
  const file = await open(source, 'r');
  let start: Buffer;
  let tag: Buffer;
  try {
    start = Buffer.alloc(HEADER_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await file.read(start, 0, HEADER_BYTES, 0);
    await file.read(tag, 0, TAG_BYTES, Math.max(0, size - TAG_BYTES));
  } finally {
    await file.close();
  }
  if (!isEncryptedBackup(start)) throw new BackupError(`${source} is not an encrypted backup.`);
  let format: ReturnType<typeof describeEncryptedBackup>;
  try {
    format = describeEncryptedBackup(start);
  } catch (error) {
    throw error instanceof BackupError ? new BackupError(`${source}: ${error.message}`) : error;
  }
  const { headerBytes } = FORMATS[format.version];
  if (size < headerBytes + TAG_BYTES) throw damaged(source);
  if (scryptMemory(format.scrypt) > MAX_SCRYPT_MEMORY || format.scrypt.log2N < 1 || format.scrypt.r < 1 || format.scrypt.p < 1)
    throw damaged(source);
  const header = start.subarray(0, headerBytes);
  let offset = headerBytes - SALT_BYTES - NONCE_BYTES - CHECK_BYTES;
  const take = (bytes: number) => header.subarray(offset, (offset += bytes));
  const [salt, nonce, storedCheck] = [take(SALT_BYTES), take(NONCE_BYTES), take(CHECK_BYTES)];

  const { key, check } = await deriveKeys(passphrase, salt, format.scrypt);
  if (!timingSafeEqual(check, storedCheck))
    throw new BackupError(
      `BACKUP_PASSPHRASE does not open ${source}: it is not the passphrase the backup was encrypted with (or the file's header is damaged).`,
    );

  // The tag's length is fixed: a decipher told nothing would take a shorter (weaker) tag too.
  const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES }).setAAD(header).setAuthTag(tag);
  const out = await open(target, 'wx', 0o600);
  try {
    const end = size - TAG_BYTES - 1;
    if (end >= headerBytes) {
      for await (const chunk of createReadStream(source, { start: headerBytes, end }) as AsyncIterable<Buffer>)
        await out.write(decipher.update(chunk));
    }
    try {
      await out.write(decipher.final());
    } catch {
      throw damaged(source);
    }
    await out.sync();
  } finally {
    await out.close();
  }
}

const damaged = (source: string) =>
  new BackupError(`${source} is damaged (changed or cut short since it was written): it cannot be restored.`);
