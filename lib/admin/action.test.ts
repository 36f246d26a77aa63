import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { postgresUrl, tempPostgres } from '../../tests/support/temp-db';
import { tempDatabasePath } from '../../tests/support/temp-path';
import type { DB } from '../db/connect.server';
import { migrateDatabase } from '../../server/database';

/**
 * The admin action wrapper on a real SQLite file (and PostgreSQL with TEST_POSTGRES_URL), reached the way the server reaches it
 * (DATABASE_URL, the session cookie checked against admin_sessions). Only Next's request-bound
 * parts stand in: the cookie jar, and updateTag, which needs a Server Action's request (it
 * records the tags here: each write expires them twice, before and after the renders in flight).
 */

const request = vi.hoisted(() => ({ cookies: new Map<string, string>(), expired: [] as string[] }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (request.cookies.has(name) ? { value: request.cookies.get(name) } : undefined),
  }),
  headers: async () => new Headers(),
}));
vi.mock('next/cache', () => ({ refresh: () => undefined, updateTag: (tag: string) => void request.expired.push(tag) }));

/** The modules as the server loads them, against the database DATABASE_URL names. */
async function load(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  vi.resetModules(); // env.server.ts reads DATABASE_URL once, on import
  return {
    ...(await import('../db/index.server')),
    ...(await import('../auth/sessions.server')),
    ...(await import('../auth/session.server')),
    ...(await import('./action.server')),
    ...(await import('./result')),
    ...(await import('../rates/actions/rates')),
    ...(await import('../rates/queries.server')),
    ...(await import('../posts/actions/posts')),
    ...(await import('../auth/actions/account')),
    ...(await import('../auth/credentials.server')),
  };
}

const engines: [string, () => Promise<{ url: string; cleanup: () => Promise<void> }>][] = [
  [
    'SQLite',
    async () => {
      const temp = tempDatabasePath();
      return { url: `file:${temp.path}`, cleanup: async () => temp.cleanup() };
    },
  ],
  ...(postgresUrl
    ? [['PostgreSQL', () => tempPostgres(postgresUrl!)] as [string, () => Promise<{ url: string; cleanup: () => Promise<void> }>]]
    : []),
];

describe.each(engines)('on %s', (_engine, open) => {
  let m: Awaited<ReturnType<typeof load>>;
  let db: DB;
  let cleanup: () => Promise<void>;
  let token = '';

  beforeAll(async () => {
    const handle = await open();
    cleanup = handle.cleanup;
    await migrateDatabase(handle.url);
    m = await load(handle.url);
    db = await m.getDb();
    // The owner's account, as the first sign-in creates it, with ADMIN_PASSWORD set (not the default).
    await m.readCredentials(db, 'the operator chose this');
    ({ token } = await m.createSession(db, { userAgent: 'vitest', ip: '203.0.113.9' }));
    // Loading the server's modules and one scrypt (N = 2^17) of the owner's password: slow on a busy machine.
  }, 30_000);
  beforeEach(() => {
    request.cookies.clear();
    request.cookies.set(m.sessionCookieName(), token);
    request.expired = [];
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  const note = (key: string) =>
    db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst()
      .then((row) => row?.value ?? null);

  // A small action of our own: writes one app_meta row and expires 'content' and 'posts'.
  const writeNote = (input: { key: string; value: string }) =>
    m.adminAction(
      z.object({ key: z.string().min(3, 'At least 3 characters.'), value: z.string().max(10, 'At most 10 characters.') }),
      async ({ key, value }, { session, db }) => {
        if (value === 'refuse') return m.fail('❌ Refused', 'The handler said no.');
        await db
          .insertInto('app_meta')
          .values({ key, value: `${value} by ${session.id.length > 0}` })
          .execute();
        return m.succeed({ title: '✅ Written', data: { key } });
      },
      { permission: 'content', expires: ['content', 'posts'] },
    )(input);

  describe('adminAction', () => {
    it('refuses a caller without a live session before looking at the input, and writes nothing', async () => {
      for (const cookie of [undefined, 'made-up-token', `${token}x`]) {
        request.cookies.clear();
        if (cookie) request.cookies.set(m.sessionCookieName(), cookie);
        expect(await writeNote({ key: 'signed-out', value: 'x' })).toEqual({
          ok: false,
          title: 'Signed Out',
          error: 'Your session has ended. Please sign in again.',
        });
        expect(await writeNote({ key: '', value: 'far too long a value' })).toMatchObject({ title: 'Signed Out' });
      }
      expect(await note('signed-out')).toBeNull();
      expect(request.expired).toEqual([]);
    });

    it('answers field errors for input the schema refuses, and writes nothing', async () => {
      const result = await writeNote({ key: 'no', value: 'far too long a value' });
      expect(result).toEqual({
        ok: false,
        title: '❌ Not Saved',
        error: 'The request was not understood.',
        fieldErrors: { key: 'At least 3 characters.', value: 'At most 10 characters.' },
      });
      expect(await writeNote(42 as unknown as { key: string; value: string })).toMatchObject({
        ok: false,
        fieldErrors: { '': expect.any(String) },
      });
      expect(await note('no')).toBeNull();
      expect(request.expired).toEqual([]);
    });

    it('runs the handler with the session and database, then expires every tag of a successful write', async () => {
      expect(await writeNote({ key: 'written', value: 'hello' })).toEqual({
        ok: true,
        title: '✅ Written',
        data: { key: 'written' },
      });
      expect(await note('written')).toBe('hello by true');
      expect(request.expired).toEqual(['content', 'posts', 'content', 'posts']);
      // Recorded for the other instances on this database (server/cache-sync.ts).
      const versions = await db.selectFrom('cache_tags').select(['tag', 'version']).orderBy('tag').execute();
      expect(versions.map((row) => [row.tag, Number(row.version)])).toEqual([
        ['content', 1],
        ['posts', 1],
      ]);
    });

    it('expires nothing when the handler refuses', async () => {
      expect(await writeNote({ key: 'refused', value: 'refuse' })).toEqual({
        ok: false,
        title: '❌ Refused',
        error: 'The handler said no.',
      });
      expect(request.expired).toEqual([]);
    });
  });

  describe('adminFormAction', () => {
    const formNote = (previous: null, data: FormData) =>
      m.adminFormAction(
        z.object({ key: z.string().min(3), value: z.string() }),
        async ({ key, value }, { db }) => {
          await db.insertInto('app_meta').values({ key, value }).execute();
          return m.succeed({ title: '✅ Form Written' });
        },
        { permission: 'account' },
      )(previous, data);

    it("reads the form's fields, leaving React's own out, through the same checks", async () => {
      const data = new FormData();
      data.set('$ACTION_ID_abc', '');
      data.set('key', 'from-form');
      data.set('value', 'v');
      expect(m.formFields(data)).toEqual({ key: 'from-form', value: 'v' });
      expect(await formNote(null, data)).toEqual({ ok: true, title: '✅ Form Written', data: undefined });
      expect(await note('from-form')).toBe('v');

      request.cookies.clear();
      data.set('key', 'signed-out-form');
      expect(await formNote(null, data)).toMatchObject({ ok: false, title: 'Signed Out' });
      expect(await note('signed-out-form')).toBeNull();
    });
  });

  describe('the admin actions', () => {
    const rate = () => db.selectFrom('rates').selectAll().orderBy('position').executeTakeFirstOrThrow();

    it('Rates: refused signed out, field errors for a blank rate, saved and expired when valid', async () => {
      const before = await rate();
      const input = {
        id: before.id,
        type: 'Residential',
        rate: '6.25%',
        apr: '6.60%',
        rateKind: 'fixed',
        term: '12 months',
        notes: '',
        icon: 'Building',
      } as const;

      request.cookies.clear();
      expect(await m.updateRateAction(input)).toMatchObject({ ok: false, title: 'Signed Out' });
      request.cookies.set(m.sessionCookieName(), token);
      expect(await m.updateRateAction({ ...input, rate: ' ' })).toEqual({
        ok: false,
        title: '❌ Rate Not Saved',
        error: 'Some fields need attention.',
        fieldErrors: { rate: 'Rate is required.' },
      });
      expect(await rate()).toEqual(before);
      expect(request.expired).toEqual([]);

      expect(await m.updateRateAction(input)).toMatchObject({
        ok: true,
        title: '✅ Rate Saved',
        data: { rate: { id: before.id, rate: '6.25%' }, adCopy: [] },
      });
      expect((await rate()).rate).toBe('6.25%');
      expect(request.expired).toEqual(['rates', 'rates']);
    });

    it('Rates: refuses impossible rates and APRs on their fields, and stores nothing', async () => {
      const before = await rate();
      const input = { ...(await m.readRates(db))[0]!, rateKind: 'fixed' as const };
      const refused = async (change: Record<string, string>) => {
        const result = await m.updateRateAction({ ...input, ...change });
        expect(result).toMatchObject({ ok: false, title: '❌ Rate Not Saved', error: 'Some fields need attention.' });
        return result.ok ? {} : result.fieldErrors;
      };

      expect(await refused({ rate: '7.25%', apr: '6.90%' })).toEqual({
        apr: "The APR cannot be lower than the interest rate (7.25%): it adds the loan's fees to the interest.",
      });
      expect(await refused({ apr: '' })).toEqual({ apr: 'APR is required: a rate is never shown without its APR.' });
      expect(await refused({ apr: '30.5%' })).toEqual({ apr: 'APR must be between 0% and 30%.' });
      expect(await refused({ rate: '-1%' })).toEqual({ rate: 'Rate must be between 0% and 30%.' });
      expect(await refused({ rate: '31', apr: '32' })).toEqual({
        rate: 'Rate must be between 0% and 30%.',
        apr: 'APR must be between 0% and 30%.',
      });
      expect(await refused({ rate: 'call us' })).toEqual({ rate: 'Rate must be a percentage, such as 6.75%.' });
      expect(await refused({ rateKind: 'variable' })).toEqual({ rateKind: 'Choose fixed or adjustable.' });
      expect(await rate()).toEqual(before);
      expect(request.expired).toEqual([]);

      // The bounds themselves are allowed, and a bare number is stored as the site shows it.
      const saved = await m.updateRateAction({ ...input, rate: '7', apr: '30', rateKind: 'adjustable' });
      expect(saved).toMatchObject({ ok: true, data: { rate: { rate: '7.00%', apr: '30.00%', rateKind: 'adjustable' } } });
      expect(await rate()).toMatchObject({ rate: '7.00%', apr: '30.00%', rate_kind: 'adjustable' });
    });

    it("Blog: a post without a title gets the spec's '❌ Missing Fields' and is not stored", async () => {
      const count = async () => (await db.selectFrom('posts').select('id').execute()).length;
      const before = await count();
      const post = {
        title: ' ',
        excerpt: '',
        bodyHtml: '<p>Body</p>',
        imageUrl: '',
        category: 'News',
        author: 'Owner',
        date: '2026-11-21',
      };
      expect(await m.createPostAction(post)).toMatchObject({
        ok: false,
        title: '❌ Missing Fields',
        error: 'Please provide a title and content for the post.',
        fieldErrors: { title: expect.any(String) },
      });
      expect(await count()).toBe(before);
      expect(request.expired).toEqual([]);
    });

    it("Security: the password form's own titles, and the stored password untouched", async () => {
      const stored = () => db.selectFrom('admin_users').selectAll().execute();
      const before = await stored();
      const form = (fields: Record<string, string>) => {
        const data = new FormData();
        for (const [k, v] of Object.entries(fields)) data.set(k, v);
        return data;
      };
      expect(
        await m.changePasswordAction(null, form({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' })),
      ).toEqual({
        ok: false,
        title: "❌ Passwords Don't Match",
        error: 'Your new password and confirmation do not match.',
        fieldErrors: { confirmPassword: 'Your new password and confirmation do not match.' },
      });
      expect(await m.changePasswordAction(null, form({ currentPassword: '', newPassword: '', confirmPassword: '' }))).toEqual({
        ok: false,
        title: '❌ Missing Fields',
        error: 'Please fill out all password fields.',
      });
      expect(await stored()).toEqual(before);
    });
  });

  describe('while the built-in default password is in effect', () => {
    it('every action and form action answers that the password must be chosen first, and writes nothing', async () => {
      await db.updateTable('admin_users').set({ is_default: 1 }).where('id', '=', 'admin').execute();
      try {
        const before = await db.selectFrom('admin_users').selectAll().execute();
        expect(await writeNote({ key: 'while-default', value: 'x' })).toEqual(m.PASSWORD_CHOICE_REQUIRED);
        const form = new FormData();
        for (const [k, v] of Object.entries({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }))
          form.set(k, v);
        expect(await m.changePasswordAction(null, form)).toEqual(m.PASSWORD_CHOICE_REQUIRED);
        expect(await m.addRateAction()).toEqual(m.PASSWORD_CHOICE_REQUIRED);
        expect(await note('while-default')).toBeNull();
        expect(await db.selectFrom('admin_users').selectAll().execute()).toEqual(before);
        expect(request.expired).toEqual([]);
      } finally {
        await db.updateTable('admin_users').set({ is_default: 0 }).where('id', '=', 'admin').execute();
      }
    });
  });
});
