import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { addPasskey, authenticationOptions, registrationOptions, verifyPasskey } from '../../lib/auth/two-factor/passkeys.server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { portalSession, startPortalSession } from '../../lib/loan-files/portal-auth.server';
import { portalCookieName } from '../../lib/loan-files/portal-cookie';
import { PORTAL_PASSKEYS_PER_FILE } from '../../lib/loan-files/portal-passkeys';
import { listPortalPasskeys } from '../../lib/loan-files/portal-passkeys.server';
import { deleteLeadsById } from '../../lib/retention/erase.server';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { SoftwareAuthenticator } from '../support/software-authenticator';

/**
 * The borrower portal's passkeys (issue 30, point 3), through the routes as Next calls them, on a
 * real database, with a software authenticator whose answers the server verifies as a device's: a
 * signed-in borrower adds one (a recent sign-in needed, ten at most), it signs in to that file
 * alone with a session like the e-mailed link's, answers to another challenge or replayed are
 * refused, a borrower removes only their own, and deleting the file deletes them.
 */

const SITE = 'https://loans.example.com';

const state = vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 22).toString('base64');
  process.env.SITE_URL = 'https://loans.example.com';
  return { db: null as unknown };
});
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
// Next's request scope, which `connection()` asks for, exists only inside Next: the test stands in for it.
vi.mock('next/server', async (original) => ({ ...(await original<typeof import('next/server')>()), connection: async () => {} }));
vi.mock('../../lib/log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const registerOptionsRoute = await import('../../app/api/portal/passkey/register/options/route');
const registerRoute = await import('../../app/api/portal/passkey/register/route');
const removeRoute = await import('../../app/api/portal/passkey/remove/route');
const signInOptionsRoute = await import('../../app/api/portal/passkey/sign-in/options/route');
const signInRoute = await import('../../app/api/portal/passkey/sign-in/route');

const COOKIE = portalCookieName(SITE);

type Handler = { POST: (request: NextRequest) => Promise<Response> };

/** A post from the portal's page: JSON, or a plain form; with the borrower's cookie when given. */
function post(route: Handler, init: { session?: string; json?: unknown; form?: Record<string, string>; origin?: string } = {}) {
  const headers = new Headers({ origin: init.origin ?? SITE, 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1.15' });
  if (init.session) headers.set('cookie', `${COOKIE}=${init.session}`);
  let body: string | undefined;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  } else {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json ?? {});
  }
  return route.POST(new NextRequest(`${SITE}/api/portal/passkey`, { method: 'POST', headers, body }));
}

const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(engines)('portal passkeys on %s', (_engine, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    state.db = handle.db;
    return handle.db;
  }

  /** A loan file for `email`, its lead, and a borrower signed in to it `minutesAgo`. */
  async function signedInBorrower(db: DB, email = 'jane@example.com', minutesAgo = 1) {
    const lead = await recordLead(db, {
      kind: 'application',
      fields: { ...fullApplication, email },
      page: '/apply',
      consent: false,
      spamReason: null,
      clientAddress: '203.0.113.7',
      userAgent: 'test',
    });
    const { file } = await openLoanFile(db, lead.id);
    const { sessionToken } = await startPortalSession(db, file.id, new Date(Date.now() - minutesAgo * 60_000));
    return { leadId: lead.id, fileId: file.id, session: sessionToken };
  }

  async function registrationOptionsFor(session: string) {
    const response = await post(registerOptionsRoute, { session });
    expect(response.status).toBe(200);
    return json<PublicKeyCredentialCreationOptionsJSON>(response);
  }

  /** Adds a passkey on `authenticator` through the routes; returns the route's answer. */
  async function addWith(authenticator: SoftwareAuthenticator, session: string, name = 'My phone') {
    const response = authenticator.register(await registrationOptionsFor(session));
    return post(registerRoute, { session, json: { name, response } });
  }

  async function signInOptions() {
    const response = await post(signInOptionsRoute);
    expect(response.status).toBe(200);
    return json<PublicKeyCredentialRequestOptionsJSON>(response);
  }

  const challenges = (db: DB, purpose: string) =>
    db.selectFrom('auth_challenges').select(['user_id']).where('purpose', '=', purpose).execute();

  it('a signed-in borrower adds a passkey; it signs in to that file with a session like the link’s', async () => {
    const db = await database();
    const { fileId, session } = await signedInBorrower(db);
    const phone = new SoftwareAuthenticator(SITE);

    const options = await registrationOptionsFor(session);
    expect(options).toMatchObject({
      rp: { id: 'loans.example.com' },
      user: { id: Buffer.from(fileId).toString('base64url'), name: 'jane@example.com' },
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await post(registerRoute, { session, json: { name: '  My phone ', response: phone.register(options) } });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ ok: true, passkey: { name: 'My phone', lastUsedAt: null } });
    expect(await challenges(db, 'portal-passkey-register')).toEqual([]);
    const [stored] = await db.selectFrom('portal_passkeys').selectAll().execute();
    expect(stored).toMatchObject({ file_id: fileId, credential_id: phone.credentials[0]!.id, transports: '["internal"]' });
    expect(Number(stored!.counter)).toBe(0);

    // Left unnamed, the next is named for the browser; the device already used is excluded.
    const again = await registrationOptionsFor(session);
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([phone.credentials[0]!.id]);
    expect(() => phone.register(again)).toThrow(/previously registered/);
    const laptop = new SoftwareAuthenticator(SITE);
    expect((await addWith(laptop, session, ' ')).status).toBe(201);
    expect((await listPortalPasskeys(db, fileId)).map((p) => p.name)).toEqual(['My phone', 'Safari 605 on iPhone']);

    // Signed out, nothing but the passkey: no address asked, any discoverable passkey offered.
    const signIn = await signInOptions();
    expect(signIn).toMatchObject({ rpId: 'loans.example.com', userVerification: 'required' });
    expect(signIn.allowCredentials ?? []).toEqual([]);
    const answered = await post(signInRoute, { json: phone.authenticate(signIn) });
    expect(answered.status).toBe(200);
    expect(await json(answered)).toEqual({ ok: true });
    expect(answered.headers.get('cache-control')).toBe('no-store');
    const cookie = answered.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${COOKIE}=[\\w-]{43};`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    const token = /=([\w-]+);/.exec(cookie)![1]!;
    expect(await portalSession(db, token)).toBe(fileId);
    const sessions = await db.selectFrom('portal_sessions').select(['created_at', 'expires_at']).orderBy('created_at').execute();
    const newest = sessions.at(-1)!;
    expect(Date.parse(newest.expires_at) - Date.parse(newest.created_at)).toBe(12 * 3_600_000);
    const used = await db
      .selectFrom('portal_passkeys')
      .select(['counter', 'last_used_at'])
      .where('id', '=', stored!.id)
      .executeTakeFirst();
    expect(Number(used!.counter)).toBe(1);
    expect(used!.last_used_at).toBe(newest.created_at);
  });

  it('adding needs a live, recent session from this site, and room for it; bad input stores nothing', async () => {
    const db = await database();
    const { fileId, session } = await signedInBorrower(db);
    const key = new SoftwareAuthenticator(SITE);

    for (const attempt of [undefined, 'made-up-token'])
      for (const route of [registerOptionsRoute, registerRoute]) {
        const response = await post(route, { session: attempt });
        expect(response.status).toBe(401);
        expect(await json(response)).toMatchObject({
          ok: false,
          code: 'signed-out',
          error: expect.stringContaining('sign in again'),
        });
      }
    const crossSite = await post(registerOptionsRoute, { session, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await challenges(db, 'portal-passkey-register')).toEqual([]);

    // An answer that is not one: refused before anything else; the pending ceremony stays.
    const options = await registrationOptionsFor(session);
    for (const body of [null, { name: 'x' }, { name: 'x'.repeat(101), response: key.register(options) }]) {
      const response = await post(registerRoute, { session, json: body });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ ok: false, code: 'invalid' });
    }
    expect(await challenges(db, 'portal-passkey-register')).toHaveLength(1);

    // A session older than the window: not even the options.
    const old = await signedInBorrower(db, 'old@example.com', 31);
    const stale = await post(registerOptionsRoute, { session: old.session });
    expect(stale.status).toBe(403);
    expect(await json(stale)).toMatchObject({ code: 'stale', error: expect.stringContaining('within 30 minutes') });

    // The limit: ten passkeys, then a refusal, before and after the browser's prompt.
    const pending = await registrationOptionsFor(session);
    const now = new Date().toISOString();
    for (let i = 0; i < PORTAL_PASSKEYS_PER_FILE; i++)
      await db
        .insertInto('portal_passkeys')
        .values({
          id: `pk-${i}`,
          file_id: fileId,
          credential_id: `cred-${i}`,
          public_key: 'k',
          email_hash: 'h',
          name: `Key ${i}`,
          created_at: now,
        })
        .execute();
    const late = await post(registerRoute, { session, json: { name: 'Eleventh', response: key.register(pending) } });
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ code: 'limit' });
    expect((await post(registerOptionsRoute, { session })).status).toBe(409);
    expect(await db.selectFrom('portal_passkeys').select('id').execute()).toHaveLength(PORTAL_PASSKEYS_PER_FILE);
  });

  it('refuses an answer to another challenge or another file’s ceremony, a replayed one, and a cloned authenticator', async () => {
    const db = await database();
    const jane = await signedInBorrower(db);
    const bo = await signedInBorrower(db, 'bo@example.com');
    const phone = new SoftwareAuthenticator(SITE);

    // Registration: a made-up challenge, or Jane's ceremony answered under Bo's session.
    const madeUp = await registrationOptionsFor(jane.session);
    const forged = await post(registerRoute, {
      session: jane.session,
      json: { name: 'x', response: phone.register({ ...madeUp, challenge: 'bWFkZS11cA' }) },
    });
    expect(forged.status).toBe(400);
    const janes = phone.register(await registrationOptionsFor(jane.session));
    expect((await post(registerRoute, { session: bo.session, json: { name: 'x', response: janes } })).status).toBe(400);
    // Taken by that refusal: the ceremony answers once.
    expect((await post(registerRoute, { session: jane.session, json: { name: 'x', response: janes } })).status).toBe(400);
    expect(await db.selectFrom('portal_passkeys').select('id').execute()).toEqual([]);

    const key = new SoftwareAuthenticator(SITE);
    expect((await addWith(key, jane.session)).status).toBe(201);
    const sessionsBefore = (await db.selectFrom('portal_sessions').select('id').execute()).length;

    // Sign-in: over a challenge we never issued; then a good answer, replayed.
    const wrong = key.authenticate({ ...(await signInOptions()), challenge: 'bm90LW91cnM' });
    const refused = await post(signInRoute, { json: wrong });
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ ok: false, code: 'invalid' });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const good = key.authenticate(await signInOptions());
    expect((await post(signInRoute, { json: good })).status).toBe(200);
    expect((await post(signInRoute, { json: good })).status).toBe(401);

    // A copy of the key whose counter went back (a clone) is refused; so is a shape that is not an answer.
    key.credentials[0]!.counter = 0;
    expect((await post(signInRoute, { json: key.authenticate(await signInOptions()) })).status).toBe(401);
    expect((await post(signInRoute, { json: { id: 'x' } })).status).toBe(401);
    expect((await post(signInRoute, { json: good, origin: 'https://evil.example' })).status).toBe(403);
    expect((await db.selectFrom('portal_sessions').select('id').execute()).length).toBe(sessionsBefore + 1);
  });

  it('an admin passkey opens no loan file, and a borrower’s opens no admin account', async () => {
    const db = await database();
    const jane = await signedInBorrower(db);
    const device = new SoftwareAuthenticator(SITE);
    const admin = await registrationOptions(db, { id: 'admin', email: null, name: 'Owner' });
    expect(await addPasskey(db, 'admin', 'Office', device.register(admin) as RegistrationResponseJSON)).toBe(true);
    const [adminKey] = device.credentials;
    expect((await addWith(device, jane.session)).status).toBe(201);
    const borrowerKey = device.credentials[1]!;

    expect((await post(signInRoute, { json: device.authenticate(await signInOptions(), adminKey!.id) })).status).toBe(401);
    const adminSignIn = await authenticationOptions(db, 'passkey-sign-in', null);
    expect(await verifyPasskey(db, 'passkey-sign-in', device.authenticate(adminSignIn, borrowerKey.id))).toBeNull();
    // Each still works where it belongs (the shared ceremonies serve both).
    const again = await authenticationOptions(db, 'passkey-sign-in', null);
    expect(await verifyPasskey(db, 'passkey-sign-in', device.authenticate(again, adminKey!.id))).toBe('admin');
    expect((await post(signInRoute, { json: device.authenticate(await signInOptions(), borrowerKey.id) })).status).toBe(200);
  });

  it('a borrower removes their own passkeys, never another file’s', async () => {
    const db = await database();
    const jane = await signedInBorrower(db);
    const bo = await signedInBorrower(db, 'bo@example.com');
    expect((await addWith(new SoftwareAuthenticator(SITE), jane.session)).status).toBe(201);
    const [janes] = await listPortalPasskeys(db, jane.fileId);

    const byBo = await post(removeRoute, { session: bo.session, form: { id: janes!.id } });
    expect(byBo.status).toBe(303);
    expect(byBo.headers.get('location')).toBe('/portal?passkey=missing#passkeys');
    const signedOut = await post(removeRoute, { form: { id: janes!.id } });
    expect(signedOut.headers.get('location')).toBe('/portal');
    expect(
      (await post(removeRoute, { session: jane.session, form: { id: janes!.id }, origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(await listPortalPasskeys(db, jane.fileId)).toHaveLength(1);

    const own = await post(removeRoute, { session: jane.session, form: { id: janes!.id } });
    expect(own.headers.get('location')).toBe('/portal?passkey=removed#passkeys');
    expect(await listPortalPasskeys(db, jane.fileId)).toEqual([]);
  });

  it('deleting the file deletes its passkeys; a changed borrower address stops them', async () => {
    const db = await database();
    const jane = await signedInBorrower(db);
    const bo = await signedInBorrower(db, 'bo@example.com');
    const janesKey = new SoftwareAuthenticator(SITE);
    const bosKey = new SoftwareAuthenticator(SITE);
    expect((await addWith(janesKey, jane.session)).status).toBe(201);
    expect((await addWith(bosKey, bo.session)).status).toBe(201);
    await registrationOptionsFor(jane.session); // a ceremony left pending, which names the file

    await db.transaction().execute((trx) => deleteLeadsById(trx, [jane.leadId]));
    expect(await db.selectFrom('portal_passkeys').select('file_id').execute()).toEqual([{ file_id: bo.fileId }]);
    expect(await challenges(db, 'portal-passkey-register')).toEqual([]);
    expect((await post(signInRoute, { json: janesKey.authenticate(await signInOptions()) })).status).toBe(401);

    // The broker corrects Bo's address: the passkey added under the old one no longer signs in.
    await db.updateTable('loan_files').set({ borrower_email: 'robert@example.com' }).where('id', '=', bo.fileId).execute();
    expect((await post(signInRoute, { json: bosKey.authenticate(await signInOptions()) })).status).toBe(401);
  });
});
