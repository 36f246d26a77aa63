import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../lib/auth/password.server';
import { validateSession } from '../../lib/auth/sessions.server';
import { signIn, type SignInClient } from '../../lib/auth/sign-in.server';
import { verifySecondStep } from '../../lib/auth/two-factor/second-step.server';
import { base32Decode, timeStep, totpCode } from '../../lib/auth/two-factor/totp';
import { confirmTotpSetUp, startTotpSetUp } from '../../lib/auth/two-factor/totp-store.server';
import type { DB } from '../../lib/db/connect.server';
import { closeDb, getDb } from '../../lib/db/index.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { env } from '../../lib/env.server';
import { testEngines } from '../support/engines';
import { createPostgresDatabase } from '../support/postgres-database';
import { tempDatabasePath } from '../support/temp-path';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 5).toString('base64');
});

/**
 * Sign-in as the login routes run it (lib/auth/sign-in.server.ts, then the second step), on the
 * process's database as a server opens it: which password opens which account, when the password
 * only leads to the second step, and that each code, recovery code and step works once, under the
 * same limits as the password. The browser tests (admin-two-factor.spec.ts, admin-team.spec.ts)
 * show the forms; these are the rules behind them.
 */

const OWNER_PASSWORD = 'the owner passphrase in tests';
const TEAM_PASSWORD = 'a long team passphrase';
const client: SignInClient = { ip: '198.51.100.20', userAgent: 'Test Browser', devices: [] };
const limits = { idleMinutes: 120, maxDays: 7 };

// Hashed once for the file, at the tests' scrypt cost (PASSWORD_SCRYPT_LOG2N in vitest.config.ts).
const hashes = { owner: '', team: '' };
beforeAll(async () => {
  [hashes.owner, hashes.team] = await Promise.all([hashPassword(OWNER_PASSWORD), hashPassword(TEAM_PASSWORD)]);
});

const saved = { ...env };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  Object.assign(env, saved);
});

async function sqliteUrl(): Promise<string> {
  const temp = tempDatabasePath();
  cleanups.push(temp.cleanup);
  return `file:${temp.path}`;
}

async function postgresUrl(adminUrl: string): Promise<string> {
  const database = await createPostgresDatabase(adminUrl);
  cleanups.push(database.drop);
  return database.url;
}

describe.each(testEngines(sqliteUrl, postgresUrl))('sign-in on %s', (_engine, open) => {
  /**
   * The process's database (lib/db/index.server.ts, as the login routes open it), migrated, with
   * the built-in owner's account as its first sign-in leaves it (ADMIN_PASSWORD set).
   */
  async function serverDatabase(settings: { LOGIN_LIMIT_PER_MINUTE?: number } = {}): Promise<DB> {
    const url = await open();
    Object.assign(env, { DATABASE_URL: url, ADMIN_PASSWORD: OWNER_PASSWORD, LOGIN_LIMIT_PER_MINUTE: 10, ...settings });
    const db = await getDb();
    cleanups.push(closeDb);
    await migrateToLatest(db);
    const stamp = new Date().toISOString();
    await db
      .insertInto('admin_users')
      .values({
        id: 'admin',
        email: null,
        name: 'Owner',
        role: 'owner',
        password_hash: hashes.owner,
        is_default: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return db;
  }

  /** Turns the owner's authenticator app on, as the set-up does, five minutes ago. */
  async function ownerWithApp(db: DB) {
    const setUp = await startTotpSetUp(db, { id: 'admin', email: null });
    const secret = base32Decode(setUp.secret)!;
    const then = new Date(Date.now() - 5 * 60_000);
    const confirmed = await confirmTotpSetUp(db, 'admin', totpCode(secret, timeStep(then.getTime())), then);
    if (!confirmed.ok) throw new Error(`set-up refused: ${confirmed.reason}`);
    return { secret, recoveryCodes: confirmed.recoveryCodes };
  }

  /** The password step of an account with a second factor: its challenge token, and no session. */
  async function passwordStep(): Promise<string> {
    const result = await signIn({ password: OWNER_PASSWORD }, client);
    if (result.ok || result.reason !== 'second-factor') throw new Error(`not the second step: ${JSON.stringify(result)}`);
    return result.challenge;
  }

  const codeNow = (secret: Buffer) => totpCode(secret, timeStep(Date.now()));
  const logged = async (db: DB, action: string) =>
    (await db.selectFrom('activity_log').select(['detail']).where('action', '=', action).orderBy('at').execute()).map(
      (row) => JSON.parse(row.detail) as Record<string, unknown>,
    );

  it('opens a team account by its e-mail in any case; an empty e-mail means the built-in owner', async () => {
    const db = await serverDatabase();
    const stamp = new Date().toISOString();
    await db
      .insertInto('admin_users')
      .values({
        id: 'erin',
        email: 'erin@example.com',
        name: 'Erin Editor',
        role: 'editor',
        password_hash: hashes.team,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    expect(await signIn({ email: ' Erin@Example.com ', password: TEAM_PASSWORD }, client)).toMatchObject({
      ok: true,
      accountId: 'erin',
    });
    expect(await signIn({ email: '', password: OWNER_PASSWORD }, client)).toMatchObject({ ok: true, accountId: 'admin' });
  });

  it('with an authenticator app the password gives no session; the code, pasted with a space, completes the step once', async () => {
    const db = await serverDatabase();
    const { secret } = await ownerWithApp(db);
    const step = await passwordStep();
    expect(await db.selectFrom('admin_sessions').select('id').execute()).toEqual([]);

    // A wrong code: refused no sooner than a wrong password, logged; the step stays open.
    const started = Date.now();
    expect(await verifySecondStep(step, '000000', client)).toEqual({ ok: false, reason: 'invalid' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const code = codeNow(secret);
    const signedIn = await verifySecondStep(step, `${code.slice(0, 3)} ${code.slice(3)}`, client);
    if (!signedIn.ok) throw new Error(`refused: ${signedIn.reason}`);
    expect((await validateSession(db, signedIn.token, limits))?.account.id).toBe('admin');
    expect((await logged(db, 'sign_in')).at(-1)).toEqual({ method: 'totp' });

    // The step is spent, and the code too: after the password again, it is refused.
    expect(await verifySecondStep(step, codeNow(secret), client)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifySecondStep(await passwordStep(), code, client)).toEqual({ ok: false, reason: 'invalid' });
    expect((await logged(db, 'sign_in_failed')).map((d) => d.reason)).toEqual(['code', 'code']);
    expect(await db.selectFrom('admin_sessions').select('id').execute()).toHaveLength(1);
  });

  it('a recovery code, in any case, completes the step once and is logged', async () => {
    const db = await serverDatabase();
    const { recoveryCodes } = await ownerWithApp(db);
    const first = await verifySecondStep(await passwordStep(), recoveryCodes[0]!.toUpperCase(), client);
    expect(first).toMatchObject({ ok: true, accountId: 'admin' });
    expect(await logged(db, 'recovery_code_used')).toHaveLength(1);
    expect((await logged(db, 'sign_in')).at(-1)).toEqual({ method: 'recovery code' });

    const step = await passwordStep();
    expect(await verifySecondStep(step, recoveryCodes[0]!, client)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifySecondStep(step, recoveryCodes[1]!, client)).toMatchObject({ ok: true, accountId: 'admin' });
    expect(await logged(db, 'recovery_code_used')).toHaveLength(2);
  });

  it('with a passkey, the password alone leads only to the second step', async () => {
    const db = await serverDatabase();
    expect(await signIn({ password: OWNER_PASSWORD }, client)).toMatchObject({ ok: true, accountId: 'admin' });
    await db
      .insertInto('passkeys')
      .values({
        id: 'credential-1',
        user_id: 'admin',
        name: 'Test laptop',
        public_key: 'key',
        created_at: new Date().toISOString(),
      })
      .execute();
    const sessions = await db.selectFrom('admin_sessions').select('id').execute();
    expect(await signIn({ password: OWNER_PASSWORD }, client)).toMatchObject({ ok: false, reason: 'second-factor' });
    expect(await db.selectFrom('admin_sessions').select('id').execute()).toEqual(sessions);
  });

  it("wrong codes use up the password's allowance: then the right code and the password are refused alike", async () => {
    const db = await serverDatabase({ LOGIN_LIMIT_PER_MINUTE: 2 });
    const { secret } = await ownerWithApp(db);
    const step = await passwordStep();
    for (let i = 0; i < 2; i++) expect(await verifySecondStep(step, '000000', client)).toEqual({ ok: false, reason: 'invalid' });

    const throttled = await verifySecondStep(step, codeNow(secret), client);
    expect(throttled).toMatchObject({ ok: false, reason: 'throttled' });
    expect((throttled as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // One allowance for both: the password from the same address is throttled too.
    expect(await signIn({ password: OWNER_PASSWORD }, client)).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await logged(db, 'sign_in_failed')).map((d) => d.reason)).toEqual(['code', 'code']);

    // A minute later (the failures moved back), the right code completes the step.
    const minuteAgo = new Date(Date.now() - 61_000).toISOString();
    await db.updateTable('sign_in_attempts').set({ attempted_at: minuteAgo }).execute();
    expect(await verifySecondStep(step, codeNow(secret), client)).toMatchObject({ ok: true, accountId: 'admin' });
  });
});
