import { afterEach, describe, expect, it } from 'vitest';
import { tempSqlite } from '../../tests/support/temp-db';
import type { DB } from '../db/connect.server';
import { migrateToLatest } from '../db/migrate.server';
import { checkPassword, readCredentials, setPassword } from './credentials.server';
import { parseEnv } from '../env-schema';
import { hashPassword, needsRehash, SCRYPT_PARAMS, scryptCost, verifyPassword } from './password.server';
import { changePasswordSchema, DEFAULT_ADMIN_PASSWORD } from './policy';
import { createSession, deleteOtherSessions, hashToken, listSessions, validateSession } from './sessions.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDb(): Promise<DB> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  await readCredentials(handle.db, undefined); // the owner's account, which sessions belong to
  return handle.db;
}

describe('password hashing', () => {
  it("hashes at OWASP's scrypt N=2^17, r=8, p=1 unless PASSWORD_SCRYPT_LOG2N lowers N", () => {
    expect(parseEnv({}).PASSWORD_SCRYPT_LOG2N).toBe(17);
    expect(SCRYPT_PARAMS).toEqual({ log2N: 17, r: 8, p: 1 });
    expect(() => parseEnv({ PASSWORD_SCRYPT_LOG2N: '9' })).toThrow(
      /PASSWORD_SCRYPT_LOG2N: must be a whole number between 10 and 18/,
    );
    // The tests run at 2^12 (vitest.config.ts), as the browser tests' servers do.
    expect(scryptCost()).toEqual({ log2N: 12, r: 8, p: 1 });
  });

  it('stores the configured cost with a salt, and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$12\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('scrypt$11$8$1$c2FsdA$a2V5')).toBe(true);
    // A hash stronger than the configured cost is kept: lowering the setting never weakens one.
    expect(needsRehash('scrypt$17$8$1$c2FsdA$a2V5')).toBe(false);
  });
});

describe('credentials', () => {
  it('starts from the built-in default, and ADMIN_PASSWORD replaces it until the owner sets one', async () => {
    const db = await freshDb();
    expect((await readCredentials(db, undefined)).isDefault).toBe(true);
    expect(await checkPassword(db, undefined, DEFAULT_ADMIN_PASSWORD)).toBe(true);

    expect((await readCredentials(db, 'from-the-environment')).isDefault).toBe(false);
    expect(await checkPassword(db, 'from-the-environment', 'from-the-environment')).toBe(true);
    expect(await checkPassword(db, 'from-the-environment', DEFAULT_ADMIN_PASSWORD)).toBe(false);

    await setPassword(db, 'chosen by the owner');
    expect(await checkPassword(db, 'another-env-value', 'chosen by the owner')).toBe(true);
    expect((await readCredentials(db, 'another-env-value')).isDefault).toBe(false);
  });
});

describe('password change rules', () => {
  const messageOf = (input: Parameters<typeof changePasswordSchema.safeParse>[0]) =>
    changePasswordSchema.safeParse(input).error?.issues[0]?.message;

  it("gives the spec's messages and requires 8 characters, accepting long passphrases", () => {
    expect(messageOf({ currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      'Please fill out all password fields.',
    );
    expect(messageOf({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })).toBe(
      'Your new password and confirmation do not match.',
    );
    expect(messageOf({ currentPassword: 'x', newPassword: 'short', confirmPassword: 'short' })).toMatch(/at least 8 characters/);
    const long = 'p'.repeat(64);
    expect(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: long, confirmPassword: long }).success).toBe(true);
  });
});

describe('sessions', () => {
  const limits = { idleMinutes: 120, maxDays: 7 };
  const client = { userAgent: 'Test Browser', ip: '203.0.113.5' };

  it('stores only a hash of a 256-bit token and accepts the token until it idles or ages out', async () => {
    const db = await freshDb();
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { token, id } = await createSession(db, client, t0);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = await db.selectFrom('admin_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await validateSession(db, token, limits, new Date('2026-01-01T01:59:00Z')))?.id).toBe(id);
    expect(await validateSession(db, 'planted-token', limits, t0)).toBeNull();
    // Seen at 01:59, so idle until 03:59.
    expect(await validateSession(db, token, limits, new Date('2026-01-01T04:00:00Z'))).toBeNull();
    expect(await db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);
  });

  it('ends a session 7 days after sign-in however active it is', async () => {
    const db = await freshDb();
    const { token } = await createSession(db, client, new Date('2026-01-01T00:00:00Z'));
    for (let day = 1; day < 7; day++) {
      expect(await validateSession(db, token, limits, new Date(`2026-01-0${day + 1}T00:00:00Z`))).toBeNull();
    }
    const active = await createSession(db, client, new Date('2026-01-01T00:00:00Z'));
    let now = new Date('2026-01-01T00:00:00Z');
    while (now.getTime() < Date.parse('2026-01-07T23:00:00Z')) {
      now = new Date(now.getTime() + 3_600_000);
      expect(await validateSession(db, active.token, limits, now)).not.toBeNull();
    }
    expect(await validateSession(db, active.token, limits, new Date('2026-01-08T00:30:00Z'))).toBeNull();
  });

  it('lists live sessions and signs out all but one', async () => {
    const db = await freshDb();
    const now = new Date();
    const keep = await createSession(db, client, now);
    await createSession(db, { ...client, userAgent: 'Other' }, now);
    expect(await listSessions(db, 'admin', limits, now)).toHaveLength(2);
    expect(await deleteOtherSessions(db, 'admin', keep.id)).toBe(1);
    expect((await listSessions(db, 'admin', limits, now)).map((s) => s.id)).toEqual([keep.id]);
  });
});
