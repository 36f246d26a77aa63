import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
});

const { keyedHash, open, seal } = await import('./secret-box.server');
const { resolveSecretKey, SecretKeyError } = await import('./secret-key.server');

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('seals with a fresh IV each time and opens only with the same key and context', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', 'totp:admin');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(seal('JBSWY3DPEHPK3PXP', 'totp:admin')).not.toBe(sealed);
    expect(open(sealed, 'totp:admin')).toBe('JBSWY3DPEHPK3PXP');
    // Copied into another account's row, or opened with another key, it stays shut.
    expect(open(sealed, 'totp:someone-else')).toBeNull();
    expect(open(sealed, 'totp:admin', randomBytes(32))).toBeNull();
  });

  it('refuses altered or foreign values instead of returning garbage', () => {
    const sealed = seal('secret', 'ctx');
    const [version, iv, data, tag] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(open([version, iv, flipped.toString('base64url'), tag].join('.'), 'ctx')).toBeNull();
    expect(open(`v2.${iv}.${data}.${tag}`, 'ctx')).toBeNull();
    expect(open('not sealed at all', 'ctx')).toBeNull();
  });

  it('hashes with the key, so the same value under another key or context differs', () => {
    const hash = keyedHash('abcd-efgh-jkmn', 'recovery:admin');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedHash('abcd-efgh-jkmn', 'recovery:admin')).toBe(hash);
    expect(keyedHash('abcd-efgh-jkmn', 'recovery:other')).not.toBe(hash);
    expect(keyedHash('abcd-efgh-jkmn', 'recovery:admin', randomBytes(32))).not.toBe(hash);
  });
});

describe('SECRET_KEY', () => {
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clp-key-'));
    dirs.push(dir);
    return dir;
  };

  it('on SQLite without SECRET_KEY, generates data/secret.key beside the database once (mode 0600)', () => {
    const dir = tempDir();
    const config = { DATABASE_URL: `file:${join(dir, 'site.db')}` };
    const key = resolveSecretKey(config);
    const file = join(dir, 'secret.key');
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(key)).toBe(true);
    // The next start (or another process) reads the same key.
    expect(resolveSecretKey(config).equals(key)).toBe(true);
  });

  it('takes SECRET_KEY as base64 or hex, and refuses anything but 32 bytes', () => {
    const bytes = randomBytes(32);
    const db = 'postgres://u:p@localhost:5432/site';
    expect(resolveSecretKey({ DATABASE_URL: db, SECRET_KEY: bytes.toString('base64') }).equals(bytes)).toBe(true);
    expect(resolveSecretKey({ DATABASE_URL: db, SECRET_KEY: bytes.toString('hex') }).equals(bytes)).toBe(true);
    expect(() => resolveSecretKey({ DATABASE_URL: db, SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(SecretKeyError);
  });

  it('is required on PostgreSQL, with a message naming SECRET_KEY', () => {
    expect(() => resolveSecretKey({ DATABASE_URL: 'postgres://u:p@localhost:5432/site' })).toThrow(
      /SECRET_KEY is required with PostgreSQL/,
    );
  });
});
