import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashToken, validateSession, createSession } from '../../lib/auth/sessions.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { newId } from '../../lib/db/ids';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { changeRole, removeAccount } from '../../lib/team/accounts.server';
import { acceptInvite } from '../../lib/team/accept-invite.server';
import { createInvite, findLiveInvite, listInvites, revokeInvite } from '../../lib/team/invites.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Invitations and team changes on a real database: only the token's hash is stored, an
 * invitation opens once (also when two instances accept at the same moment), and removing an
 * account leaves nothing that lets it in.
 */

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The database twice: SQLite serves one instance through one connection, whose transactions take
 * turns (two connections in one process would only block each other's thread).
 */
async function sqlite(): Promise<[DB, DB]> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  return [handle.db, handle.db];
}

/** The database and a second app instance's own connection pool to it. */
async function postgres(adminUrl: string): Promise<[DB, DB]> {
  const handle = await tempPostgres(adminUrl, { migrated: true });
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

const SITE = 'https://loans.example.com';
const NOW = new Date('2026-11-22T12:00:00.000Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000);
const limits = { idleMinutes: 60, maxDays: 7 };

const invite = (db: DB, email: string, now = NOW) =>
  db.transaction().execute((trx) => createInvite(trx, { email, role: 'editor', invitedBy: 'admin', siteUrl: SITE }, now));
const accept = (db: DB, token: string, now = NOW) =>
  db.transaction().execute((trx) => acceptInvite(trx, { token, name: 'Erin Editor', passwordHash: 'scrypt$x' }, now));

/** The invitation e-mails as the outbox will send them (the token is stored sealed: ADR 028). */
async function inviteMails(db: DB) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'subject_type', 'subject_id', 'payload', 'sealed_secret'])
    .execute();
  return rows.map(({ id, sealed_secret, ...row }) => ({
    ...row,
    message: (payloadToSend({ id, payload: row.payload, sealed_secret }) as { payload: NotificationMessage }).payload,
  }));
}

/** Connections opened beforehand, so the requests overlap rather than each wait for a connection. */
const warm = (db: DB, other: DB) => Promise.all(Array.from({ length: 10 }, (_, i) => sql`select 1`.execute(i % 2 ? other : db)));

describe.each(testEngines(sqlite, postgres))('team invitations on %s', (_engine, open) => {
  it('stores only the hash of a 256-bit token and queues the link for the invitee', async () => {
    const [db] = await open();
    const created = await invite(db, 'erin@example.com');
    if (!created.ok) throw new Error(created.reason);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const row = await db.selectFrom('invites').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: created.id,
      token_hash: hashToken(created.token),
      email: 'erin@example.com',
      role: 'editor',
    });
    expect(row.expires_at).toBe(hours(72).toISOString());
    expect(JSON.stringify(row)).not.toContain(created.token);

    const [mail] = await inviteMails(db);
    expect(mail).toMatchObject({ subject_type: 'invite', subject_id: created.id });
    expect(mail!.message.to).toBe('erin@example.com');
    expect(mail!.message.text).toContain(`${SITE}/invite/${created.token}`);
    // Sealed at rest: a copy of the database does not accept the invitation.
    expect(mail!.payload).not.toContain(created.token);
    expect(await findLiveInvite(db, created.token, NOW)).toEqual({ id: created.id, email: 'erin@example.com', role: 'editor' });
  });

  it('invitations to one address sent at the same moment (two instances on PostgreSQL) make one', async () => {
    const [db, other] = await open();
    await warm(db, other);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => invite(i % 2 ? other : db, 'erin@example.com')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.ok).map((r) => r.reason))).toEqual(new Set(['invite-exists']));
    expect(await db.selectFrom('invites').select('id').execute()).toHaveLength(1);
  });

  it('refuses an address with a live invitation or an account; an expired invitation makes way', async () => {
    const [db] = await open();
    const first = await invite(db, 'erin@example.com');
    expect(await invite(db, 'erin@example.com', hours(71))).toEqual({ ok: false, reason: 'invite-exists' });

    const again = await invite(db, 'erin@example.com', hours(73));
    if (!first.ok || !again.ok) throw new Error('not invited');
    // The expired one is gone with its e-mail, whose link it held.
    expect((await db.selectFrom('invites').select('id').execute()).map((r) => r.id)).toEqual([again.id]);
    expect((await inviteMails(db)).map((m) => m.subject_id)).toEqual([again.id]);
    expect(await findLiveInvite(db, first.token, hours(73))).toBeNull();

    expect((await accept(db, again.token, hours(74))).ok).toBe(true);
    expect(await invite(db, 'erin@example.com', hours(75))).toEqual({ ok: false, reason: 'account-exists' });
  });

  it('opens once: two accepts at the same moment (two instances on PostgreSQL) make one account', async () => {
    const [db, other] = await open();
    const created = await invite(db, 'erin@example.com');
    if (!created.ok) throw new Error(created.reason);
    await warm(db, other);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => accept(i % 2 ? other : db, created.token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.ok).map((r) => r.reason))).toEqual(new Set(['gone']));
    const accounts = await db.selectFrom('admin_users').select(['email', 'role', 'name']).execute();
    expect(accounts).toEqual([{ email: 'erin@example.com', role: 'editor', name: 'Erin Editor' }]);
    // Accepted: the link is spent, and its e-mail (the token in clear) is gone.
    expect(await accept(db, created.token)).toEqual({ ok: false, reason: 'gone' });
    expect(await findLiveInvite(db, created.token, NOW)).toBeNull(); // the link's page says so
    expect(await inviteMails(db)).toEqual([]);
    expect(await listInvites(db, NOW)).toEqual([]);
  });

  it('an expired or revoked link opens nothing', async () => {
    const [db] = await open();
    const expiring = await invite(db, 'erin@example.com');
    const revoked = await invite(db, 'lou@example.com');
    if (!expiring.ok || !revoked.ok) throw new Error('not invited');
    expect(await accept(db, expiring.token, hours(72))).toEqual({ ok: false, reason: 'gone' });
    expect((await listInvites(db, hours(72))).map((i) => [i.email, i.expired])).toEqual([
      ['lou@example.com', true],
      ['erin@example.com', true],
    ]);

    expect(await db.transaction().execute((trx) => revokeInvite(trx, revoked.id))).toEqual({
      email: 'lou@example.com',
      role: 'editor',
    });
    expect(await accept(db, revoked.token)).toEqual({ ok: false, reason: 'gone' });
    expect(await findLiveInvite(db, revoked.token, NOW)).toBeNull();
    expect((await inviteMails(db)).map((m) => m.subject_id)).toEqual([expiring.id]);
    expect(await db.transaction().execute((trx) => revokeInvite(trx, revoked.id))).toBeNull();
    expect(await db.selectFrom('admin_users').select('id').execute()).toEqual([]);
  });

  it('removing an account ends its sessions and deletes its second factors; the built-in owner stays', async () => {
    const [db] = await open();
    const created = await invite(db, 'erin@example.com');
    if (!created.ok) throw new Error(created.reason);
    const accepted = await accept(db, created.token);
    if (!accepted.ok) throw new Error(accepted.reason);
    const id = accepted.account.id;
    const stamp = NOW.toISOString();
    await db
      .insertInto('admin_users')
      .values({ id: 'admin', email: null, role: 'owner', password_hash: 'x', created_at: stamp, updated_at: stamp })
      .execute();
    const { token } = await createSession(db, { userAgent: 'test', ip: '198.51.100.7' }, new Date(), id);
    await db.insertInto('recovery_codes').values({ id: newId(), user_id: id, code_hash: 'h', created_at: stamp }).execute();
    await db
      .insertInto('passkeys')
      .values({ id: 'cred-1', user_id: id, name: 'Key', public_key: 'k', created_at: stamp })
      .execute();
    await db
      .insertInto('auth_challenges')
      .values({ id: newId(), token_hash: 'c', purpose: 'second-factor', user_id: id, created_at: stamp, expires_at: stamp })
      .execute();
    await db
      .insertInto('push_subscriptions')
      .values({ id: newId(), user_id: id, endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a', created_at: stamp })
      .execute();
    expect((await validateSession(db, token, limits))?.account.role).toBe('editor');

    expect(await db.transaction().execute((trx) => changeRole(trx, id, 'loan_officer'))).toEqual({
      ok: true,
      value: { from: 'editor', email: 'erin@example.com' },
    });
    expect((await validateSession(db, token, limits))?.account.role).toBe('loan_officer');
    expect(await db.transaction().execute((trx) => changeRole(trx, 'admin', 'editor'))).toEqual({
      ok: false,
      reason: 'built-in',
    });
    expect(await db.transaction().execute((trx) => removeAccount(trx, 'admin'))).toEqual({ ok: false, reason: 'built-in' });

    expect(await db.transaction().execute((trx) => removeAccount(trx, id))).toEqual({
      ok: true,
      value: { email: 'erin@example.com', role: 'loan_officer' },
    });
    expect(await validateSession(db, token, limits)).toBeNull();
    for (const table of ['admin_sessions', 'recovery_codes', 'passkeys', 'auth_challenges', 'push_subscriptions'] as const) {
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).toEqual([]);
    }
    expect((await db.selectFrom('admin_users').select('id').execute()).map((r) => r.id)).toEqual(['admin']);
    expect(await db.transaction().execute((trx) => removeAccount(trx, id))).toEqual({ ok: false, reason: 'not-found' });
  });
});
