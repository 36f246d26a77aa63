import { afterEach, describe, expect, it, vi } from 'vitest';
import { engines } from '../../../tests/support/engines';
import type { DB } from '../../db/connect.server';
import { migrateToLatest } from '../../db/migrate.server';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 9).toString('hex');
});

const { readCredentials } = await import('../credentials.server');
const { countUnusedRecoveryCodes, normalizeRecoveryCode, redeemRecoveryCode, replaceRecoveryCodes } =
  await import('./recovery-codes.server');
const { checkTotp, confirmTotpSetUp, startTotpSetUp } = await import('./totp-store.server');
const { base32Decode, timeStep, totpCode } = await import('./totp');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.each(engines)('two-factor on %s', (_name, open) => {
  async function freshDb(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    await readCredentials(handle.db, undefined);
    return handle.db;
  }

  it('gives ten different recovery codes, each working once, whatever the case and dashes', async () => {
    const db = await freshDb();
    const codes = await replaceRecoveryCodes(db, 'admin');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const rows = await db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(rows.map((r) => r.code_hash)).not.toContain(codes[0]); // stored hashed, never as typed

    const typed = ` ${codes[0]!.toUpperCase().replaceAll('-', ' ')} `;
    expect(normalizeRecoveryCode(typed)).toBe(codes[0]);
    expect(await redeemRecoveryCode(db, 'admin', typed)).toBe(true);
    expect(await redeemRecoveryCode(db, 'admin', codes[0]!)).toBe(false);
    expect(await countUnusedRecoveryCodes(db, 'admin')).toBe(9);
    // Another account's code is not this one's; a made-up one is nothing.
    expect(await redeemRecoveryCode(db, 'someone-else', codes[1]!)).toBe(false);
    expect(await redeemRecoveryCode(db, 'admin', 'aaaa-aaaa-aaaa')).toBe(false);
  });

  it('regenerating the codes ends the old ones', async () => {
    const db = await freshDb();
    const old = await replaceRecoveryCodes(db, 'admin');
    const fresh = await replaceRecoveryCodes(db, 'admin');
    expect(await redeemRecoveryCode(db, 'admin', old[0]!)).toBe(false);
    expect(await redeemRecoveryCode(db, 'admin', fresh[0]!)).toBe(true);
  });

  it('turns TOTP on with its first code, and then accepts each code once', async () => {
    const db = await freshDb();
    const now = new Date('2026-11-22T12:00:10Z');
    const setUp = await startTotpSetUp(db, { id: 'admin', email: null });
    expect(setUp.uri).toMatch(/^otpauth:\/\/totp\/Construction%20Loan%20Pros:admin\?secret=[A-Z2-7]+&issuer=/);
    expect(setUp.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = base32Decode(setUp.secret)!;
    const step = timeStep(now.getTime());

    expect(await confirmTotpSetUp(db, 'admin', '000000', now)).toEqual({ ok: false, reason: 'code' });
    const confirmed = await confirmTotpSetUp(db, 'admin', totpCode(secret, step), now);
    expect(confirmed.ok && confirmed.recoveryCodes).toHaveLength(10);
    const row = await db.selectFrom('admin_users').selectAll().where('id', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\./); // sealed, not the base32 text
    expect(row.totp_secret).not.toContain(setUp.secret.replaceAll(' ', ''));
    expect(await db.selectFrom('auth_challenges').select('id').execute()).toEqual([]);

    // The set-up's code was used; the same code at sign-in is refused, the next step's accepted once.
    expect(await checkTotp(db, 'admin', totpCode(secret, step), now)).toBe(false);
    const later = new Date(now.getTime() + 30_000);
    expect(await checkTotp(db, 'admin', totpCode(secret, step + 1), later)).toBe(true);
    expect(await checkTotp(db, 'admin', totpCode(secret, step + 1), later)).toBe(false);
    // Two requests racing with one fresh code: only one passes.
    const next = new Date(now.getTime() + 60_000);
    const race = await Promise.all([1, 2].map(() => checkTotp(db, 'admin', totpCode(secret, step + 2), next)));
    expect(race.filter(Boolean)).toHaveLength(1);
  });
});
