import 'server-only';
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { env } from '../env.server';
import { pooledRandomBytes } from '../runtime/random-pool';
import { resolveSecretKey } from './secret-key.server';

/**
 * Values sealed at rest with AES-256-GCM under SECRET_KEY. The format is versioned
 * (`v1.<iv>.<ciphertext>.<tag>`, base64url) so the algorithm or key can change later while old
 * values still open. `context` (e.g. the account id) is bound as associated data: a sealed value
 * copied into another account's row does not open there.
 */

const VERSION = 'v1';

let cached: Buffer | undefined;
function key(): Buffer {
  cached ??= resolveSecretKey(env);
  return cached;
}

export function seal(plaintext: string, context = '', secret: Buffer = key()): string {
  // The IV is public (it is written beside the ciphertext) and must only never repeat: 12 random
  // bytes from the shared pool, as ids and nonces take theirs (a stored lead seals twice).
  const iv = Buffer.from(pooledRandomBytes(12));
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value is not ours, was altered, or was sealed for another context. */
export function open(sealed: string, context = '', secret: Buffer = key()): string | null {
  const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined || rest.length) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A keyed hash (HMAC-SHA-256) for values only ever compared, never read back (recovery codes). */
export function keyedHash(value: string, context = '', secret: Buffer = key()): string {
  return createHmac('sha256', secret).update(`${context}\0${value}`).digest('hex');
}
