import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { BackupError } from './errors';

/**
 * Backup encryption: AES-256-GCM, streamed, with a key derived by scrypt from BACKUP_PASSPHRASE and
 * a random salt. A file is
 *
 *   header: MAGIC (7 bytes) | VERSION (1) | salt (16) | nonce (12) | passphrase check (16)
 *   ciphertext
 *   tag (16)
 *
 * The header is the cipher's additional data, so changing any byte of the file fails the tag.
 * GCM only proves the data at its end; the passphrase check (the second half of the scrypt output)
 * tells a wrong passphrase from a damaged file at once, before a single byte is written.
 */

const MAGIC = Buffer.from('CLPBKUP', 'latin1');
const VERSION = 1;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
export const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + NONCE_BYTES + CHECK_BYTES;
/** scrypt cost of version 1: 32 MiB of memory, about 0.1 s, once per backup or restore. */
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** True when the first bytes of a file are an encrypted backup's (of any version). */
export const isEncryptedBackup = (start: Buffer): boolean => start.subarray(0, MAGIC.length).equals(MAGIC);

function deriveKeys(passphrase: string, salt: Buffer): Promise<{ key: Buffer; check: Buffer }> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32 + CHECK_BYTES, SCRYPT, (error, derived) =>
      error ? reject(error) : resolve({ key: derived.subarray(0, 32), check: derived.subarray(32) }),
    ),
  );
}

/**
 * Encrypts `source` (a stream of the plain backup) into a new file `target` (mode 0600; it must
 * not exist yet), synced to disk before the promise resolves.
 */
export async function encryptToFile(source: AsyncIterable<Buffer>, target: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const { key, check } = await deriveKeys(passphrase, salt);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, nonce, check]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(header);
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
  let header: Buffer;
  let tag: Buffer;
  try {
    header = Buffer.alloc(HEADER_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    if (size < HEADER_BYTES + TAG_BYTES) throw damaged(source);
    await file.read(header, 0, HEADER_BYTES, 0);
    await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await file.close();
  }
  if (!isEncryptedBackup(header)) throw new BackupError(`${source} is not an encrypted backup.`);
  const version = header[MAGIC.length];
  if (version !== VERSION)
    throw new BackupError(`${source} is encrypted with format version ${String(version)}, which this release cannot read.`);
  let offset = MAGIC.length + 1;
  const take = (bytes: number) => header.subarray(offset, (offset += bytes));
  const [salt, nonce, storedCheck] = [take(SALT_BYTES), take(NONCE_BYTES), take(CHECK_BYTES)];

  const { key, check } = await deriveKeys(passphrase, salt);
  if (!timingSafeEqual(check, storedCheck))
    throw new BackupError(
      `BACKUP_PASSPHRASE does not open ${source}: it is not the passphrase the backup was encrypted with (or the file's header is damaged).`,
    );

  const decipher = createDecipheriv('aes-256-gcm', key, nonce).setAAD(header).setAuthTag(tag);
  const out = await open(target, 'wx', 0o600);
  try {
    const end = size - TAG_BYTES - 1;
    if (end >= HEADER_BYTES) {
      for await (const chunk of createReadStream(source, { start: HEADER_BYTES, end }) as AsyncIterable<Buffer>)
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
