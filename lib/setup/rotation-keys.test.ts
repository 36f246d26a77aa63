import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDatabasePath } from '../../tests/support/temp-path';
import { decodeSecretKey } from '../env-schema';
import { RotationError } from './rotate-secret-key.server';
import { discardNewKeyFile, installNewKeyFile, rotationKeys } from './rotation-keys.server';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);
const POSTGRES = 'postgres://u:p@127.0.0.1:5432/clp';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A folder with an SQLite database's path and its key file (holding OLD unless told otherwise). */
function sqliteSite(keyFile: string | null = `${OLD.toString('base64')}\n`) {
  const { path, cleanup } = tempDatabasePath();
  cleanups.push(cleanup);
  const keyPath = join(dirname(path), 'secret.key');
  if (keyFile !== null) writeFileSync(keyPath, keyFile, { mode: 0o600 });
  return { DATABASE_URL: `file:${path}`, keyPath };
}

const refusal = (config: Parameters<typeof rotationKeys>[0]) => {
  try {
    rotationKeys(config);
  } catch (error) {
    expect(error).toBeInstanceOf(RotationError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('the keys of a rotation', () => {
  it('takes SECRET_KEY as the new key and SECRET_KEY_PREVIOUS as the old, in base64 or hex', () => {
    const keys = rotationKeys({
      SECRET_KEY: NEW.toString('hex'),
      SECRET_KEY_PREVIOUS: OLD.toString('base64'),
      DATABASE_URL: POSTGRES,
    });
    expect(keys).toEqual({ oldKey: OLD, newKey: NEW, keyFile: null });
  });

  it('refuses one key without the other, the same key twice, or a malformed one', () => {
    expect(refusal({ SECRET_KEY: NEW.toString('base64'), DATABASE_URL: POSTGRES })).toMatch(/^SECRET_KEY_PREVIOUS is not set/);
    expect(refusal({ SECRET_KEY_PREVIOUS: OLD.toString('base64'), DATABASE_URL: POSTGRES })).toMatch(/^SECRET_KEY is not set/);
    expect(refusal({ DATABASE_URL: POSTGRES })).toMatch(/^SECRET_KEY is not set/);
    expect(
      refusal({ SECRET_KEY: OLD.toString('hex'), SECRET_KEY_PREVIOUS: OLD.toString('base64'), DATABASE_URL: POSTGRES }),
    ).toMatch(/same key/);
    expect(refusal({ SECRET_KEY: 'short', SECRET_KEY_PREVIOUS: OLD.toString('base64'), DATABASE_URL: POSTGRES })).toMatch(
      /^SECRET_KEY must be 32 bytes/,
    );
  });

  it('on SQLite without either, replaces the generated key file only once installed, keeping the old one', () => {
    const site = sqliteSite();
    const keys = rotationKeys({ DATABASE_URL: site.DATABASE_URL });
    expect(keys.oldKey).toEqual(OLD);
    expect(keys.keyFile).toEqual({ path: site.keyPath, pendingPath: `${site.keyPath}.new`, resumed: false });
    expect(statSync(`${site.keyPath}.new`).mode & 0o777).toBe(0o600);
    expect(decodeSecretKey(readFileSync(`${site.keyPath}.new`, 'utf8'))).toEqual(keys.newKey);
    expect(keys.newKey.equals(OLD)).toBe(false);

    // A run that stopped: the next one carries on with the same new key.
    expect(rotationKeys({ DATABASE_URL: site.DATABASE_URL })).toEqual({ ...keys, keyFile: { ...keys.keyFile, resumed: true } });

    const retired = installNewKeyFile(keys.keyFile!, new Date('2026-11-27T10:00:00.123Z'));
    expect(retired).toBe(`${site.keyPath}.retired-20261127T100000Z`);
    expect(decodeSecretKey(readFileSync(site.keyPath, 'utf8'))).toEqual(keys.newKey);
    expect(decodeSecretKey(readFileSync(retired, 'utf8'))).toEqual(OLD);
    expect(statSync(retired).mode & 0o777).toBe(0o600);
    expect(existsSync(`${site.keyPath}.new`)).toBe(false);
  });

  it('drops a new key file it made when the rotation is refused, never one a stopped run left', () => {
    const site = sqliteSite();
    const keys = rotationKeys({ DATABASE_URL: site.DATABASE_URL });
    const again = rotationKeys({ DATABASE_URL: site.DATABASE_URL });
    discardNewKeyFile(again.keyFile!);
    expect(existsSync(`${site.keyPath}.new`)).toBe(true);
    discardNewKeyFile(keys.keyFile!);
    expect(readdirSync(dirname(site.keyPath))).toEqual(['secret.key']);
  });

  it('on SQLite, refuses without a key file or with a damaged one, and a key alone without the other', () => {
    expect(refusal({ DATABASE_URL: sqliteSite(null).DATABASE_URL })).toMatch(/secret\.key does not exist/);
    const damaged = sqliteSite('not a key\n');
    expect(refusal({ DATABASE_URL: damaged.DATABASE_URL })).toMatch(/does not hold a 32-byte key/);
    expect(existsSync(`${damaged.keyPath}.new`)).toBe(false);
    const site = sqliteSite();
    expect(refusal({ SECRET_KEY_PREVIOUS: OLD.toString('base64'), DATABASE_URL: site.DATABASE_URL })).toMatch(
      /or neither, to replace the generated .*secret\.key/,
    );
    expect(existsSync(`${site.keyPath}.new`)).toBe(false);
  });
});
