import 'server-only';
import { randomInt } from 'node:crypto';
import type { DB } from '../../db/connect.server';
import { newId } from '../../db/ids';
import { keyedHash } from '../secret-box.server';

/**
 * Ten single-use recovery codes per account, for the day the phone is lost. Shown once; stored
 * as keyed hashes (HMAC under SECRET_KEY, bound to the account), so neither a database copy nor
 * another account's row can be turned back into a working code.
 */

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper and typed.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

function newCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A code as typed (any case, spaces or dashes anywhere) in its stored form, or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replace(/[\s-]/g, '');
  if (bare.length !== LENGTH || [...bare].some((c) => !ALPHABET.includes(c))) return null;
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
}

const hashOf = (userId: string, code: string) => keyedHash(code, `recovery:${userId}`);

/** Replaces the account's codes with ten new ones and returns them (the only time they are seen). */
export async function replaceRecoveryCodes(db: DB, userId: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: hashOf(userId, code),
        used_at: null,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

/** Uses up a code: true once, for the one request that marked it used. */
export async function redeemRecoveryCode(db: DB, userId: string, input: string, now = new Date()): Promise<boolean> {
  const code = normalizeRecoveryCode(input);
  if (!code) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashOf(userId, code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodes(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
