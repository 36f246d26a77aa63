import 'server-only';
import QRCode from 'qrcode';
import type { DB } from '../../db/connect.server';
import { consumeChallenge, createChallenge, findUserChallenge } from '../challenges.server';
import { open, seal } from '../secret-box.server';
import { base32Decode, base32Encode, groupedSecret, matchTotp, newTotpSecret, otpauthUri } from './totp';
import { replaceRecoveryCodes } from './recovery-codes.server';

/**
 * An account's authenticator-app secret: set up (a pending secret waiting for its first code),
 * turned on, checked at sign-in, turned off. The secret is sealed with SECRET_KEY wherever it is
 * stored, bound to its account (lib/auth/secret-box.server.ts).
 */

export const TOTP_ISSUER = 'Construction Loan Pros';
/** Time to scan the code and type the first one before the pending secret is dropped. */
const SET_UP_TTL_MS = 15 * 60_000;

// Exported for re-sealing under a new SECRET_KEY (./reseal.server.ts).
export const setUpContext = (userId: string) => `totp-setup:${userId}`;
export const secretContext = (userId: string) => `totp:${userId}`;

export interface TotpSetUp {
  qrDataUrl: string;
  /** Base32 in groups of four, for typing into an app by hand. */
  secret: string;
  uri: string;
}

/** Starts (or restarts) a set-up: a new secret, held sealed in auth_challenges until confirmed. */
export async function startTotpSetUp(db: DB, account: { id: string; email: string | null }): Promise<TotpSetUp> {
  const secret = newTotpSecret();
  await createChallenge(db, {
    purpose: 'totp-setup',
    userId: account.id,
    data: { secret: seal(base32Encode(secret), setUpContext(account.id)) },
    ttlMs: SET_UP_TTL_MS,
    replace: true,
  });
  const uri = otpauthUri({ secret, issuer: TOTP_ISSUER, account: account.email ?? account.id });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, secret: groupedSecret(secret), uri };
}

export type ConfirmTotpResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'expired' | 'code' };

/** The first code from the app turns two-factor on and gives the account its recovery codes. */
export async function confirmTotpSetUp(db: DB, userId: string, code: string, now = new Date()): Promise<ConfirmTotpResult> {
  const pending = await findUserChallenge<{ secret: string }>(db, 'totp-setup', userId, now);
  const text = pending && open(pending.data.secret, setUpContext(userId));
  const secret = text ? base32Decode(text) : null;
  if (!pending || !secret) return { ok: false, reason: 'expired' };
  const step = matchTotp(secret, code, now.getTime(), null);
  if (step === null) return { ok: false, reason: 'code' };
  return db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, pending.id))) return { ok: false as const, reason: 'expired' as const };
    await trx
      .updateTable('admin_users')
      .set({
        totp_secret: seal(base32Encode(secret), secretContext(userId)),
        totp_enabled_at: now.toISOString(),
        totp_last_step: step,
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute();
    return { ok: true as const, recoveryCodes: await replaceRecoveryCodes(trx, userId, now) };
  });
}

/**
 * Checks a code against the account's secret and, when right, records its step, so the same code
 * (or an older one) is refused from then on. The update is conditional on the step stored, so two
 * requests racing with one code cannot both pass.
 */
export async function checkTotp(db: DB, userId: string, code: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select(['totp_secret', 'totp_last_step'])
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .executeTakeFirst();
  const text = row?.totp_secret ? open(row.totp_secret, secretContext(userId)) : null;
  const secret = text ? base32Decode(text) : null;
  if (!row || !secret) return false;
  const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
  const step = matchTotp(secret, code, now.getTime(), lastStep);
  if (step === null) return false;
  const result = await db
    .updateTable('admin_users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => (lastStep === null ? eb('totp_last_step', 'is', null) : eb('totp_last_step', '=', lastStep)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function hasTotp(db: DB, userId: string): Promise<boolean> {
  const row = await db.selectFrom('admin_users').select('totp_enabled_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.totp_enabled_at);
}

/** Turns the app off: the secret and the recovery codes that came with it are deleted. */
export async function turnOffTotp(db: DB, userId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  });
}
