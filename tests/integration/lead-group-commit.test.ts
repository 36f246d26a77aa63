import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { SUBMIT_FAILED } from '../../lib/leads/fields';
import { submitLead, type SubmitDeps } from '../../lib/leads/submit.server';
import { listLeads } from '../support/leads';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Leads submitted at the same moment are committed together (lib/leads/store.server.ts).
 * On a real database: every acknowledged lead is stored and readable by another connection by
 * the time its sender hears "sent", and a lead the database refuses fails alone.
 */

interface Engine {
  db: DB;
  /** Whether another connection (not the app's) sees a lead with this e-mail. */
  storedElsewhere: (email: string) => Promise<boolean>;
  /** Makes the database refuse new leads whose name is `name` (every lead when null). */
  refuseLeads: (name: string | null) => Promise<void>;
  allowLeads: () => Promise<void>;
  cleanup: () => Promise<void>;
}

async function openSqlite(): Promise<Engine> {
  const handle = tempSqlite();
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    storedElsewhere: async (email) => {
      const reader = new Database(handle.path, { readonly: true });
      try {
        return reader.prepare('select 1 from leads where email = ?').get(email) !== undefined;
      } finally {
        reader.close();
      }
    },
    refuseLeads: async (name) => {
      const when = name === null ? '' : `when new.name = '${name}'`;
      await sql`create trigger refuse_leads before insert on leads ${sql.raw(when)} begin select raise(abort, 'refused by the test'); end`.execute(
        handle.db,
      );
    },
    allowLeads: async () => {
      await sql`drop trigger refuse_leads`.execute(handle.db);
    },
    cleanup: handle.cleanup,
  };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const handle = await tempPostgres(adminUrl, { migrated: true });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    storedElsewhere: async (email) => {
      const client = new pg.Client({ connectionString: handle.url });
      await client.connect();
      try {
        return (await client.query('select 1 from leads where email = $1', [email])).rowCount === 1;
      } finally {
        await client.end();
      }
    },
    refuseLeads: async (name) => {
      const test = name === null ? 'true' : `new.name = '${name}'`;
      await sql`create function refuse_leads() returns trigger language plpgsql as ${sql.lit(
        `begin if ${test} then raise exception 'refused by the test'; end if; return new; end`,
      )}`.execute(handle.db);
      await sql`create trigger refuse_leads before insert on leads for each row execute function refuse_leads()`.execute(
        handle.db,
      );
    },
    allowLeads: async () => {
      await sql`drop trigger refuse_leads on leads`.execute(handle.db);
      await sql`drop function refuse_leads()`.execute(handle.db);
    },
    cleanup: handle.cleanup,
  };
}

const engines = testEngines(openSqlite, openPostgres);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.clearAllMocks();
});

const log = { warn: vi.fn(), error: vi.fn() };

const SENDER = { clientAddress: '203.0.113.9', userAgent: 'test' };

function deps(db: DB): Partial<SubmitDeps> {
  return { db: async () => db, spam: { minFillSeconds: 0, rateLimit: 1000, windowMinutes: 10 }, log, wake: () => undefined };
}

const contact = (name: string, email: string) => ({
  from_name: name,
  from_email: email,
  phone: '208-555-0142',
  message: 'Hello',
  page: '/contact',
  fill_ms: '5000',
});

describe.each(engines)('group commit of leads on %s', (engine, open) => {
  it('stores every one of many leads sent at once, each readable elsewhere before its sender hears "sent"', async () => {
    const { db, storedElsewhere, cleanup } = await open();
    cleanups.push(cleanup);
    const emails = Array.from({ length: 40 }, (_, i) => `sender${i}@example.com`);
    const answers = await Promise.all(
      emails.map(async (email) => {
        const result = await submitLead('contact', contact(`Sender ${email}`, email), SENDER, deps(db));
        return { result, stored: await storedElsewhere(email) };
      }),
    );
    expect(answers.every(({ result }) => result?.ok === true)).toBe(true);
    expect(answers.every(({ stored }) => stored)).toBe(true);

    const leads = await listLeads(db, { includeSpam: true });
    expect(leads.map((lead) => lead.email).sort()).toEqual([...emails].sort());
    expect(leads.every((lead) => lead.notification?.status === 'waiting')).toBe(true);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('judges a burst from one address lead after lead: past the limit marked, far past it spam, the flood refused', async () => {
    const { db, cleanup } = await open();
    cleanups.push(cleanup);
    // A limit of 1 per window: the 2nd and 3rd lead are a burst ("Possible bot"), the 4th and 5th
    // far beyond it (3 times: spam), from the 6th (5 times the limit) refused.
    const limited = { ...deps(db), spam: { minFillSeconds: 0, rateLimit: 1, windowMinutes: 10 } };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submitLead('contact', contact(`Burst ${i}`, `burst${i}@example.com`), SENDER, limited)),
    );
    expect(results.filter((result) => result?.ok).length).toBe(5);
    expect(results.filter((result) => result?.ok === false && result.reason === 'limited').length).toBe(3);
    const stored = await listLeads(db, { includeSpam: true });
    expect(
      stored
        .filter((lead) => !lead.isSpam)
        .map((lead) => lead.possibleBot)
        .sort(),
    ).toEqual([false, true, true]);
    expect(stored.filter((lead) => lead.isSpam).map((lead) => lead.spamReason)).toEqual(Array(2).fill('flood'));
  });

  it("counts each visitor's own recent leads in a batch from many addresses, not the leads before the window", async () => {
    const { db, cleanup } = await open();
    cleanups.push(cleanup);
    const at = (minute: number) => () => new Date(Date.UTC(2026, 10, 28, 12, minute));
    const limited = (now: () => Date) => ({ ...deps(db), now, spam: { minFillSeconds: 0, rateLimit: 2, windowMinutes: 10 } });
    const send = (address: string, name: string, now: () => Date) =>
      submitLead(
        'contact',
        contact(name, `${name.toLowerCase().replace(' ', '.')}@example.com`),
        { ...SENDER, clientAddress: address },
        limited(now),
      );
    // Before: two leads from .1 within the window, two from .2 long before it.
    for (const name of ['Early One', 'Early Two']) await send('198.51.100.1', name, at(25));
    for (const name of ['Old One', 'Old Two']) await send('198.51.100.2', name, at(0));
    // Then, together (one batch on SQLite): .1 is past its limit of 2, .2 and .3 are not.
    await Promise.all([
      send('198.51.100.1', 'Again One', at(30)),
      send('198.51.100.2', 'Again Two', at(30)),
      send('198.51.100.3', 'First Three', at(30)),
    ]);
    const stored = await listLeads(db, { includeSpam: true });
    const marked = (name: string) => stored.find((lead) => lead.name === name)?.possibleBot;
    expect(marked('Again One')).toBe(true);
    expect(marked('Again Two')).toBe(false);
    expect(marked('First Three')).toBe(false);
    expect(stored.every((lead) => !lead.isSpam)).toBe(true);
  });

  it("fails only the lead the database refuses, with the spec's 'Uh oh!'; the leads sent with it are stored", async () => {
    const { db, refuseLeads, cleanup } = await open();
    cleanups.push(cleanup);
    await refuseLeads('Refused Sender');
    const names = ['Ann Sender', 'Bob Sender', 'Refused Sender', 'Cy Sender', 'Di Sender'];
    const results = await Promise.all(
      names.map((name, i) => submitLead('contact', contact(name, `s${i}@example.com`), SENDER, deps(db))),
    );

    expect(results.map((result) => result?.ok)).toEqual([true, true, false, true, true]);
    expect(results[2]).toMatchObject({ reason: 'failed', title: SUBMIT_FAILED.title, message: SUBMIT_FAILED.description });
    const stored = await listLeads(db, { includeSpam: true });
    expect(stored.map((lead) => lead.name).sort()).toEqual(['Ann Sender', 'Bob Sender', 'Cy Sender', 'Di Sender']);
    // Each lead committed with its e-mail, the refused one with neither.
    const notices = await db.selectFrom('notifications').select('subject_id').where('subject_type', '=', 'lead').execute();
    expect(notices.map((n) => n.subject_id).sort()).toEqual(stored.map((lead) => lead.id).sort());
    expect(log.error).toHaveBeenCalledTimes(1);
    // SQLite answers the rate-limit counts at once, so all five arrive in the same batch.
    if (engine === 'SQLite') {
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ event: 'lead.batch_failed', leads: 5 }),
        expect.any(String),
      );
    }
  });

  it("answers every sender 'Uh oh!' when no lead can be stored, and stores again once the database accepts", async () => {
    const { db, refuseLeads, allowLeads, cleanup } = await open();
    cleanups.push(cleanup);
    await refuseLeads(null);
    const results = await Promise.all(
      ['Ann Sender', 'Bob Sender', 'Cy Sender'].map((name, i) =>
        submitLead('contact', contact(name, `s${i}@example.com`), SENDER, deps(db)),
      ),
    );
    expect(results.every((result) => result?.ok === false && result.reason === 'failed')).toBe(true);
    expect(await listLeads(db, { includeSpam: true })).toEqual([]);

    await allowLeads();
    expect(await submitLead('contact', contact('Ann Sender', 'again@example.com'), SENDER, deps(db))).toEqual({
      ok: true,
      kind: 'contact',
    });
    expect(await listLeads(db, { includeSpam: true })).toHaveLength(1);
  });
});
