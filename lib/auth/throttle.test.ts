import { afterEach, describe, expect, it } from 'vitest';
import { tempSqlite } from '../../tests/support/temp-db';
import type { DB } from '../db/connect.server';
import { migrateToLatest } from '../db/migrate.server';
import { guessKeys, sessionKeys, type SignInClient } from './sign-in-keys';
import { beginAttempt, forgetAttempt, retryMessage } from './throttle.server';
import { lockedUntil, signInLimits } from './throttle-rules';

/**
 * The sign-in limits (ADR 026) on a real SQLite file: per device cookie, per address (IPv6 by
 * /64), per account for clients it does not know, per session, each with its backoff.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDb(): Promise<DB> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  return handle.db;
}

const limits = signInLimits({ LOGIN_LIMIT_PER_MINUTE: 10, LOGIN_LIMIT_PER_HOUR: 100 });
const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0 + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const stranger = (ip: string): SignInClient => ({ ip, userAgent: 'test', devices: [] });
const knownBrowser = (ip: string, accountId = 'admin'): SignInClient => ({
  ip,
  userAgent: 'test',
  devices: [{ accountId, nonce: 'nonce-of-this-browser' }],
});

/** `count` failed guesses one second apart from `start`; true when every one was let through. */
async function fail(db: DB, client: SignInClient, account: string | null, count: number, start: number): Promise<boolean> {
  let allAllowed = true;
  for (let i = 0; i < count; i++)
    allAllowed &&= (await beginAttempt(db, guessKeys(client, account), limits, at(start + i * SECOND))).allowed;
  return allAllowed;
}

const tryAt = (db: DB, client: SignInClient, account: string | null, ms: number) =>
  beginAttempt(db, guessKeys(client, account), limits, at(ms));

describe('the backoff of one key', () => {
  const limit = { failures: 3, lockMs: MINUTE, maxLockMs: 10 * MINUTE };

  it('locks after each batch of failures, twice as long each time, never longer than the cap', () => {
    expect(lockedUntil([], limit)).toBeNull();
    expect(lockedUntil([1, 2], limit)).toBeNull();
    expect(lockedUntil([1, 2, 3], limit)).toBe(3 + MINUTE);
    expect(lockedUntil([1, 2, 3, 4, 5], limit)).toBe(3 + MINUTE);
    expect(lockedUntil([1, 2, 3, 4, 5, 6], limit)).toBe(6 + 2 * MINUTE);
    expect(lockedUntil([1, 2, 3, 4, 5, 6, 7, 8, 9], limit)).toBe(9 + 4 * MINUTE);
    expect(
      lockedUntil(
        Array.from({ length: 30 }, (_, i) => i),
        limit,
      ),
    ).toBe(29 + 10 * MINUTE);
    expect(
      lockedUntil(
        Array.from({ length: 3000 }, (_, i) => i),
        limit,
      ),
    ).toBe(2999 + 10 * MINUTE);
  });
});

describe('sign-in limits', () => {
  it('lets one address fail ten times, then makes it wait a minute, then two', async () => {
    const db = await freshDb();
    expect(await fail(db, stranger('198.51.100.1'), 'admin', 10, 0)).toBe(true);
    // The tenth failure was at 9 s: the address waits until 69 s.
    expect(await tryAt(db, stranger('198.51.100.1'), 'admin', 10 * SECOND)).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect((await tryAt(db, stranger('198.51.100.2'), 'admin', 10 * SECOND)).allowed).toBe(true);
    expect(await fail(db, stranger('198.51.100.1'), 'admin', 10, 70 * SECOND)).toBe(true);
    // Ten more (the last at 79 s): two minutes this time.
    expect(await tryAt(db, stranger('198.51.100.1'), 'admin', 80 * SECOND)).toEqual({ allowed: false, retryAfterSeconds: 119 });
    expect((await tryAt(db, stranger('198.51.100.1'), 'admin', 200 * SECOND)).allowed).toBe(true);
    expect(retryMessage(59)).toBe('Too many sign-in attempts. Please try again in 59 seconds.');
    expect(retryMessage(3400)).toBe('Too many sign-in attempts. Please try again in 57 minutes.');
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    const db = await freshDb();
    for (let i = 0; i < 10; i++)
      expect((await tryAt(db, stranger(`2001:db8:1:2::${i + 1}`), 'admin', i * SECOND)).allowed).toBe(true);
    expect((await tryAt(db, stranger('2001:db8:1:2:ffff::1'), 'admin', 10 * SECOND)).allowed).toBe(false);
    expect((await tryAt(db, stranger('2001:db8:1:3::1'), 'admin', 10 * SECOND)).allowed).toBe(true);
  });

  it('does not count a sign-in that succeeded', async () => {
    const db = await freshDb();
    for (let i = 0; i < 30; i++) {
      const decision = await tryAt(db, stranger('198.51.100.1'), 'admin', i * SECOND);
      if (!decision.allowed) throw new Error('successful attempts must not count');
      await forgetAttempt(db, decision.attemptId);
    }
    expect(await db.selectFrom('sign_in_attempts').select('id').execute()).toEqual([]);
  });

  it("closes an account to clients it does not know after its hourly allowance, but never a browser with the account's device cookie", async () => {
    const db = await freshDb();
    // A hundred failures from ten addresses, ten each, against the owner's account.
    for (let a = 0; a < 10; a++) expect(await fail(db, stranger(`203.0.113.${a}`), 'admin', 10, a * 10 * SECOND)).toBe(true);
    const fresh = await tryAt(db, stranger('192.0.2.50'), 'admin', 101 * SECOND);
    expect(fresh).toEqual({ allowed: false, retryAfterSeconds: HOUR / SECOND - 2 });
    // The owner's browser signed in here before: its allowance is its own, from any address, even an attacker's.
    expect((await tryAt(db, knownBrowser('192.0.2.50'), 'admin', 101 * SECOND)).allowed).toBe(true);
    expect((await tryAt(db, knownBrowser('203.0.113.1'), 'admin', 102 * SECOND)).allowed).toBe(true);
    // A device cookie of another account does not make a browser known to this one.
    expect((await tryAt(db, knownBrowser('192.0.2.50', 'someone-else'), 'admin', 103 * SECOND)).allowed).toBe(false);
    // Other accounts are not closed by failures against this one.
    expect((await tryAt(db, stranger('192.0.2.50'), 'editor-account', 104 * SECOND)).allowed).toBe(true);
    expect((await tryAt(db, stranger('192.0.2.51'), 'email:nobody@example.com', 105 * SECOND)).allowed).toBe(true);
  });

  it("a device's own failures lock that device only", async () => {
    const db = await freshDb();
    expect(await fail(db, knownBrowser('192.0.2.9'), 'admin', 10, 0)).toBe(true);
    expect((await tryAt(db, knownBrowser('192.0.2.9'), 'admin', 10 * SECOND)).allowed).toBe(false);
    expect((await tryAt(db, stranger('192.0.2.9'), 'admin', 10 * SECOND)).allowed).toBe(true);
  });

  it("a session's guesses (step-up, password change) lock that session only", async () => {
    const db = await freshDb();
    for (let i = 0; i < 10; i++)
      expect((await beginAttempt(db, sessionKeys('session-a'), limits, at(i * SECOND))).allowed).toBe(true);
    expect((await beginAttempt(db, sessionKeys('session-a'), limits, at(10 * SECOND))).allowed).toBe(false);
    expect((await beginAttempt(db, sessionKeys('session-b'), limits, at(10 * SECOND))).allowed).toBe(true);
    expect((await tryAt(db, stranger('192.0.2.9'), 'admin', 10 * SECOND)).allowed).toBe(true);
  });

  it('keeps hashes of the keys, never an address or an e-mail', async () => {
    const db = await freshDb();
    await tryAt(db, stranger('198.51.100.77'), 'email:someone@example.com', 0);
    const rows = await db.selectFrom('sign_in_attempts').selectAll().execute();
    expect(rows.map((row) => row.throttle_key.split(':')[0]).sort()).toEqual(['account', 'address']);
    expect(JSON.stringify(rows)).not.toMatch(/198\.51|someone/);
  });

  it('forgets failures after a day', async () => {
    const db = await freshDb();
    expect(await fail(db, stranger('198.51.100.1'), 'admin', 10, 0)).toBe(true);
    expect((await tryAt(db, stranger('198.51.100.1'), 'admin', 70 * SECOND)).allowed).toBe(true);
    expect((await tryAt(db, stranger('198.51.100.3'), 'admin', 24 * HOUR + 61 * SECOND)).allowed).toBe(true);
    expect(await db.selectFrom('sign_in_attempts').select('id').execute()).toHaveLength(4);
  });
});
