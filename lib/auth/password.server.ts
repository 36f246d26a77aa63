import 'server-only';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { env } from '../env.server';

/**
 * Password hashing with Node's built-in scrypt (no native dependency). The stored form keeps its
 * parameters, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`, so they can be raised later: a hash made
 * with weaker parameters still verifies and `needsRehash` tells the caller to store a new one.
 */

export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1 } as const; // OWASP: N=2^17, r=8, p=1

/**
 * The cost of new hashes: OWASP's unless PASSWORD_SCRYPT_LOG2N lowers N. Test servers lower it
 * (a sign-in at 2^17 costs 0.8 s of a core, and the browser tests sign in hundreds of times); the
 * server warns at start when it is lowered (server/serve.ts).
 */
export function scryptCost(): { log2N: number; r: number; p: number } {
  return { ...SCRYPT_PARAMS, log2N: env.PASSWORD_SCRYPT_LOG2N };
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MiB default.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { log2N, r, p } = scryptCost();
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N, r, p);
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const [scheme, log2N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  const numbers = [log2N, r, p].map(Number);
  if (!numbers.every((n) => Number.isInteger(n) && n > 0 && n < 64)) return null;
  return {
    log2N: numbers[0]!,
    r: numbers[1]!,
    p: numbers[2]!,
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.log2N, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const cost = scryptCost();
  return parsed.log2N < cost.log2N || parsed.r < cost.r || parsed.p < cost.p;
}
