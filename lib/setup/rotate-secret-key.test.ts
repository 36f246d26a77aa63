import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../tests/support/import-graph';
import { KEYED_HASHES, SEALED_VALUES } from './rotate-secret-key.server';

/**
 * A value sealed with SECRET_KEY that no re-sealer knows would stop opening the day the key is
 * rotated. So every file that calls seal() (or a migration's frozenSeal()) must be named by an
 * entry of SEALED_VALUES, and every file that calls keyedHash() by one of KEYED_HASHES, which says
 * what a new key does to it. Adding a call site means adding its re-sealer (or its entry) too.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['lib', 'server', 'app', 'components'];
/**
 * The rotation's own: re-sealing seals only what the re-sealers hand it, and the recovery codes'
 * retirement keeps a fingerprint of the new key, made afresh by every rotation.
 */
const MACHINERY = new Set(['lib/auth/reseal.server.ts', 'lib/auth/two-factor/retire-recovery-codes.server.ts']);

/** The source files (tests left out) with a call of `name`, comments and its own definition left out. */
function filesCalling(name: string): string[] {
  const call = new RegExp(`\\b${name}\\(`);
  const definition = new RegExp(`function ${name}\\(`);
  return FOLDERS.flatMap((folder) => sourceFiles(root, folder))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .filter((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\*|\/\/)/.test(line) && call.test(line) && !definition.test(line)),
    )
    .sort();
}

describe('the secret key rotation covers every sealed value', () => {
  it('re-seals the values of every file that seals', () => {
    const sealing = [...filesCalling('seal'), ...filesCalling('frozenSeal')].filter((file) => !MACHINERY.has(file));
    const covered = new Set<string>(SEALED_VALUES.flatMap((entry) => entry.sealedIn));
    expect(
      sealing.filter((file) => !covered.has(file)),
      'files that seal with no re-sealer in SEALED_VALUES',
    ).toEqual([]);
    expect(
      [...covered].filter((file) => !sealing.includes(file)),
      'SEALED_VALUES names files that seal nothing',
    ).toEqual([]);
  });

  it('says what becomes of every keyed hash', () => {
    const hashing = filesCalling('keyedHash').filter((file) => !MACHINERY.has(file));
    expect(hashing).toEqual(KEYED_HASHES.map((entry) => entry.file).sort());
  });

  it('names each kind once', () => {
    const kinds = SEALED_VALUES.map((entry) => entry.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});
