import 'server-only';
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { hashToken } from './sessions.server';

/**
 * Short-lived steps of a sign-in or a set-up, in the database so that every instance behind the
 * load balancer agrees on them (a password accepted and waiting for its code, a WebAuthn
 * challenge, a TOTP secret waiting for its first code). The browser holds a random token where
 * it needs one; the table holds only its hash. Each step is taken (deleted) when it is used, so
 * it serves once.
 */

export type ChallengePurpose =
  | 'second-factor'
  | 'totp-setup'
  | 'passkey-register'
  | 'passkey-sign-in'
  | 'passkey-step-up'
  // The borrower portal's passkeys (lib/loan-files/portal-passkeys.server.ts): the user is a loan file.
  | 'portal-passkey-register'
  | 'portal-passkey-sign-in';

export interface Challenge<D> {
  id: string;
  userId: string | null;
  data: D;
  expiresAt: string;
}

export async function createChallenge(
  db: DB,
  input: {
    purpose: ChallengePurpose;
    userId: string | null;
    data: object;
    ttlMs: number;
    replace?: boolean;
    /** A random value the caller already has (a WebAuthn challenge); a new one otherwise. */
    token?: string;
  },
  now = new Date(),
): Promise<{ id: string; token: string }> {
  const token = input.token ?? randomBytes(32).toString('base64url');
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('auth_challenges').where('expires_at', '<', now.toISOString()).execute();
    // One pending set-up per account and purpose: starting again replaces the earlier one.
    if (input.replace && input.userId)
      await trx.deleteFrom('auth_challenges').where('purpose', '=', input.purpose).where('user_id', '=', input.userId).execute();
    await trx
      .insertInto('auth_challenges')
      .values({
        id,
        token_hash: hashToken(token),
        purpose: input.purpose,
        user_id: input.userId,
        data: JSON.stringify(input.data),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
      })
      .execute();
  });
  return { id, token };
}

type Row = { id: string; user_id: string | null; data: string; expires_at: string };

function toChallenge<D>(row: Row | undefined, now: Date): Challenge<D> | null {
  if (!row || Date.parse(row.expires_at) <= now.getTime()) return null;
  return { id: row.id, userId: row.user_id, data: JSON.parse(row.data) as D, expiresAt: row.expires_at };
}

/** The live challenge a browser's token names, left in place. */
export async function findChallenge<D>(db: DB, purpose: ChallengePurpose, token: string | undefined, now = new Date()) {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id', 'data', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return toChallenge<D>(row, now);
}

/** An account's live pending step of this purpose (a set-up in progress), left in place. */
export async function findUserChallenge<D>(db: DB, purpose: ChallengePurpose, userId: string, now = new Date()) {
  const row = await db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id', 'data', 'expires_at'])
    .where('purpose', '=', purpose)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return toChallenge<D>(row, now);
}

/**
 * Removes a challenge; true only for the one caller that removed it, so two requests racing with
 * the same step cannot both complete it.
 */
export async function consumeChallenge(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('auth_challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many live challenges of a purpose exist (to cap those anyone may start unsigned-in). */
export async function countLiveChallenges(db: DB, purpose: ChallengePurpose, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('auth_challenges')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
