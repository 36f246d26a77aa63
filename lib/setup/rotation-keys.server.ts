import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { secretKeyPath } from '../auth/secret-key.server';
import { decodeSecretKey } from '../env-schema';
import { RotationError } from './rotate-secret-key.server';

/**
 * The two keys of `npm run secret-key:rotate`, from the configuration:
 *
 * - SECRET_KEY is the new key (what the instances will run with) and SECRET_KEY_PREVIOUS the one
 *   the database is sealed with now; both, or neither.
 * - Neither, on SQLite: the site runs on its generated `secret.key` (lib/auth/secret-key.server.ts).
 *   The new key is generated into `secret.key.new` beside it before the database is touched, and
 *   replaces `secret.key` only once every value is re-sealed (installNewKeyFile), the old one kept
 *   as `secret.key.retired-<time>` for the backups made before. A run that stopped finds
 *   `secret.key.new` and carries on with it, so the key that half the values are under is never lost.
 */

export interface KeyFileSwap {
  /** The site's key file, holding the old key until the swap. */
  path: string;
  /** The new key, waiting for the rotation to finish. */
  pendingPath: string;
  /** True when the pending key was left by a run that stopped. */
  resumed: boolean;
}

export interface RotationKeys {
  oldKey: Buffer;
  newKey: Buffer;
  /** SQLite without SECRET_KEY: the key file to replace once the rotation is done; else null. */
  keyFile: KeyFileSwap | null;
}

type KeyConfig = { SECRET_KEY?: string; SECRET_KEY_PREVIOUS?: string; DATABASE_URL: string };

const NEW_KEY_HINT = 'a new key from `openssl rand -base64 32`';

export function rotationKeys(config: KeyConfig): RotationKeys {
  const { SECRET_KEY: next, SECRET_KEY_PREVIOUS: previous } = config;
  if (next && previous) {
    const oldKey = decoded(previous, 'SECRET_KEY_PREVIOUS');
    const newKey = decoded(next, 'SECRET_KEY');
    if (oldKey.equals(newKey))
      throw new RotationError(`SECRET_KEY and SECRET_KEY_PREVIOUS are the same key: set SECRET_KEY to ${NEW_KEY_HINT}.`);
    return { oldKey, newKey, keyFile: null };
  }
  if (next)
    throw new RotationError(
      'SECRET_KEY_PREVIOUS is not set: set it to the key the database is sealed with now, and SECRET_KEY to the new one.',
    );
  const path = secretKeyPath(config.DATABASE_URL);
  if (previous || !path)
    throw new RotationError(
      `SECRET_KEY is not set: set it to ${NEW_KEY_HINT}, and SECRET_KEY_PREVIOUS to the key the database is sealed with now` +
        (path ? ` (or neither, to replace the generated ${path}).` : '.'),
    );
  if (!existsSync(path))
    throw new RotationError(`${path} does not exist: nothing was ever sealed with a generated key, so there is none to replace.`);
  return keyFileRotation(path);
}

function keyFileRotation(path: string): RotationKeys {
  const oldKey = keyFromFile(path);
  const pendingPath = `${path}.new`;
  const resumed = existsSync(pendingPath);
  if (!resumed) {
    writeFileSync(pendingPath, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(pendingPath, 0o600);
  }
  const newKey = keyFromFile(pendingPath);
  if (oldKey.equals(newKey)) throw new RotationError(`${pendingPath} holds the same key as ${path}: delete it and run again.`);
  return { oldKey, newKey, keyFile: { path, pendingPath, resumed } };
}

/**
 * Once every value is re-sealed: the old key is copied to `secret.key.retired-<time>`, then the
 * new one renamed over `secret.key` (one atomic step, so the site never finds the file missing and
 * generates a third key). Returns where the old key went.
 */
export function installNewKeyFile(swap: KeyFileSwap, now = new Date()): string {
  const retiredPath = `${swap.path}.retired-${now.toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
  writeFileSync(retiredPath, readFileSync(swap.path), { mode: 0o600, flag: 'wx' });
  chmodSync(retiredPath, 0o600);
  renameSync(swap.pendingPath, swap.path);
  return retiredPath;
}

/** Removes a pending key this run made when the rotation was refused before it changed anything. */
export function discardNewKeyFile(swap: KeyFileSwap): void {
  if (!swap.resumed) rmSync(swap.pendingPath, { force: true });
}

function decoded(value: string, name: string): Buffer {
  const key = decodeSecretKey(value);
  if (!key) throw new RotationError(`${name} must be 32 bytes as base64 or hex, e.g. the output of \`openssl rand -base64 32\`.`);
  return key;
}

function keyFromFile(path: string): Buffer {
  const key = decodeSecretKey(readFileSync(path, 'utf8'));
  if (!key) throw new RotationError(`${path} does not hold a 32-byte key (base64 or hex).`);
  return key;
}
