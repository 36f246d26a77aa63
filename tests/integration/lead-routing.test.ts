import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { newId } from '../../lib/db/ids';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { getLead } from '../../lib/leads/queries.server';
import { insertLeads } from '../../lib/leads/store.server';
import { submitLead } from '../../lib/leads/submit.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { engines, seededDatabases, testEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Routing by state (issue 31, point 2) on both engines: a lead from a licensed state goes to the
 * officers licensed there in turn (away officers passed by, the owner when there is none), a lead
 * from a state outside the licenses is stored, marked and given to the owner, and the turns hold
 * when many leads arrive at once through two instances.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = new Date('2026-11-26T14:00:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const OWNER = 'admin';
// Ids in code-point order: the round-robin's order.
const ANA = 'officer-a-ana';
const BEN = 'officer-b-ben';
const CARLA = 'officer-c-carla';

async function addOfficer(db: DB, id: string, states: string[], options: { away?: boolean; slug?: string } = {}) {
  const stamp = NOW.toISOString();
  await db
    .insertInto('admin_users')
    .values({
      id,
      email: `${id}@example.com`,
      name: id,
      role: 'loan_officer',
      password_hash: 'unused',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto('officer_profiles')
    .values({
      account_id: id,
      slug: options.slug ?? id,
      display_name: id,
      nmls_id: '1234567',
      states: JSON.stringify(states),
      published: 1,
      away: options.away ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

async function addLicense(db: DB, state: string) {
  const stamp = NOW.toISOString();
  await db
    .insertInto('state_licenses')
    .values({
      id: newId(),
      state,
      license_type: 'Mortgage Broker License',
      license_number: `${state}-1`,
      regulator_name: `${state} regulator`,
      regulator_url: null,
      created_at: stamp,
      updated_at: stamp,
      removed_at: null,
    })
    .execute();
}

const application = (propertyState: string, i = 0): NewLead => ({
  kind: 'application',
  fields: { ...fullApplication, propertyState, email: `person${i}@example.com` },
  page: '/apply',
  consent: false,
  spamReason: null,
  clientAddress: `198.51.100.${i % 250}`,
  userAgent: 'test',
});

const routingOf = (db: DB, id: string) =>
  db
    .selectFrom('leads')
    .select(['assignee_id', 'property_state', 'outside_licenses', 'routing_turn'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const turnOf = (db: DB, state: string) =>
  db.selectFrom('lead_routing').select(['last_account_id', 'turns']).where('state', '=', state).executeTakeFirst();

/** Stores leads one at a time, a second apart, and returns their assignees in order. */
async function assigneesOf(db: DB, leads: NewLead[]): Promise<(string | null)[]> {
  const assignees: (string | null)[] = [];
  for (const [i, lead] of leads.entries()) {
    const { id } = await recordLead(db, lead, later(i));
    assignees.push((await routingOf(db, id)).assignee_id);
  }
  return assignees;
}

describe.each(engines)('routing by state (%s)', (_engine, open) => {
  const seeded = seededDatabases(cleanups, open);

  it('gives Texas leads to the two Texas officers in turn, each lead recording its turn', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, BEN, ['ID', 'TX']);
    await addOfficer(db, ANA, ['TX']);
    await addOfficer(db, CARLA, ['CA']);

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await recordLead(db, application('TX', i), later(i))).id);
    const routed = await Promise.all(ids.map((id) => routingOf(db, id)));
    expect(routed.map((r) => r.assignee_id)).toEqual([ANA, BEN, ANA, BEN, ANA]);
    expect(routed.map((r) => r.routing_turn)).toEqual([1, 2, 3, 4, 5]);
    expect(routed.every((r) => r.property_state === 'TX' && Number(r.outside_licenses) === 0)).toBe(true);
    expect(await turnOf(db, 'TX')).toEqual({ last_account_id: ANA, turns: 5 });
    // The lead reads back with its state, as the dialog shows it.
    expect(await getLead(db, ids[0]!)).toMatchObject({ propertyState: 'TX', outsideLicenses: false });
  });

  it('gives two Texas leads of one transaction (one group commit) to the two officers in turn', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX']);
    await addOfficer(db, BEN, ['TX']);
    const ids = await db.transaction().execute((trx) =>
      insertLeads(
        trx,
        [0, 1, 2].map((i) => ({ lead: application('TX', i), now: NOW })),
      ),
    );
    const routed = await Promise.all(ids.map((id) => routingOf(db, id)));
    expect(routed.map((r) => [r.assignee_id, r.routing_turn])).toEqual([
      [ANA, 1],
      [BEN, 2],
      [ANA, 3],
    ]);
  });

  it('passes an away officer by, and gives them the next turn after theirs once back', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX']);
    await addOfficer(db, BEN, ['TX'], { away: true });
    await addOfficer(db, CARLA, ['TX']);
    expect(
      await assigneesOf(
        db,
        [0, 1, 2].map((i) => application('TX', i)),
      ),
    ).toEqual([ANA, CARLA, ANA]);

    await db.updateTable('officer_profiles').set({ away: 0 }).where('account_id', '=', BEN).execute();
    expect(
      await assigneesOf(
        db,
        [3, 4, 5].map((i) => application('TX', i)),
      ),
    ).toEqual([BEN, CARLA, ANA]);
  });

  it('gives the owner a lead from a licensed state with no officer licensed there (or all away)', async () => {
    const db = await seeded();
    await addLicense(db, 'ID');
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX'], { away: true });
    const [idLead, txLead] = [await recordLead(db, application('ID')), await recordLead(db, application('TX', 1))];
    for (const { id } of [idLead, txLead]) {
      expect(await routingOf(db, id)).toMatchObject({ assignee_id: OWNER, outside_licenses: 0, routing_turn: null });
    }
    // The owner is no one's turn: the states' rotations have not begun.
    expect(await turnOf(db, 'ID')).toBeUndefined();
    expect(await turnOf(db, 'TX')).toBeUndefined();
  });

  it('stores a lead from a state outside the licenses, marks it, gives it to the owner and lists it under its filter', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX', 'NV']);
    const outside = await recordLead(db, application('NV', 1), later(1));
    const inside = await recordLead(db, application('TX', 2), later(2));

    expect(await routingOf(db, outside.id)).toEqual({
      assignee_id: OWNER,
      property_state: 'NV',
      outside_licenses: 1,
      routing_turn: null,
    });
    // Not the officer's turn: Texas's first lead is still Ana's first turn.
    expect(await routingOf(db, inside.id)).toMatchObject({ assignee_id: ANA, outside_licenses: 0, routing_turn: 1 });
    expect(await getLead(db, outside.id)).toMatchObject({ propertyState: 'NV', outsideLicenses: true, isSpam: false });

    const all = await searchLeads(db, { page: 1 });
    expect(all.leads.map((l) => l.id).sort()).toEqual([outside.id, inside.id].sort());
    const marked = await searchLeads(db, { page: 1, licenses: 'outside' });
    expect(marked.leads.map((l) => [l.id, l.propertyState, l.outsideLicenses])).toEqual([[outside.id, 'NV', true]]);
  });

  it('marks nothing outside while no license is recorded (a new install), and routes by the officers alone', async () => {
    const db = await seeded();
    await addOfficer(db, ANA, ['NV']);
    const { id } = await recordLead(db, application('NV'));
    expect(await routingOf(db, id)).toEqual({ assignee_id: ANA, property_state: 'NV', outside_licenses: 0, routing_turn: 1 });
  });

  it('leaves alone a lead without a state, takes no turn for spam, and keeps the officer a profile lead was sent to', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX']);
    await addOfficer(db, BEN, ['TX'], { slug: 'ben-builder' });

    const notSure = await recordLead(db, application('', 1));
    expect(await routingOf(db, notSure.id)).toEqual({
      assignee_id: null,
      property_state: null,
      outside_licenses: 0,
      routing_turn: null,
    });
    const contact = await recordLead(db, {
      ...application('', 2),
      kind: 'contact',
      fields: { from_name: 'Ann', from_email: 'ann@example.com', message: 'Hello' },
    });
    expect((await routingOf(db, contact.id)).assignee_id).toBeNull();

    const spam = await recordLead(db, { ...application('TX', 3), spamReason: 'honeypot' });
    expect(await routingOf(db, spam.id)).toMatchObject({ assignee_id: null, property_state: 'TX', routing_turn: null });

    // Sent from Ben's profile: his, whatever the turn; Texas's turn stays where it was.
    const fromProfile = await recordLead(db, { ...application('TX', 4), officer: 'ben-builder' });
    expect(await routingOf(db, fromProfile.id)).toMatchObject({ assignee_id: BEN, routing_turn: null });
    expect(await assigneesOf(db, [application('TX', 5)])).toEqual([ANA]);
  });

  it('routes a calculator estimate by the state its form names', async () => {
    const db = await seeded();
    await addLicense(db, 'TX');
    await addOfficer(db, BEN, ['TX']);
    const result = await submitLead(
      'calculator',
      {
        email: 'sam@example.com',
        name: 'Sam',
        propertyState: 'TX',
        calculator: 'construction-interest',
        page: '/calculators/construction-interest',
      },
      { clientAddress: '203.0.113.20', userAgent: 'test' },
      { db: async () => db, log: { warn: vi.fn(), error: vi.fn() }, now: () => NOW, wake: () => undefined },
    );
    expect(result).toMatchObject({ ok: true });
    const [row] = await db.selectFrom('leads').select(['kind', 'assignee_id', 'property_state', 'routing_turn']).execute();
    expect(row).toEqual({ kind: 'calculator', assignee_id: BEN, property_state: 'TX', routing_turn: 1 });
  });
});

/**
 * Two instances on one database: two connection pools on one PostgreSQL, whose group commits run
 * their transactions at the same moment; on SQLite (one instance per file in production) two
 * handles on one file, each storing its burst as one group commit, taking turns (two connections
 * of one process cannot wait for each other's write lock).
 */
const twoInstances = testEngines(
  async () => {
    const first = tempSqlite();
    const second = connect({ kind: 'sqlite', path: first.path });
    return {
      instances: [first.db, second],
      together: false,
      cleanup: async () => (await second.destroy(), await first.cleanup()),
    };
  },
  async (adminUrl) => {
    const first = await tempPostgres(adminUrl);
    const second = connect({ kind: 'postgres', url: first.url });
    return {
      instances: [first.db, second],
      together: true,
      cleanup: async () => (await second.destroy(), await first.cleanup()),
    };
  },
);

describe.each(twoInstances)('routing by state across two instances on %s', (_engine, open) => {
  it('gives forty Texas leads sent through both instances at once to the two officers strictly in turn', async () => {
    const { instances, together, cleanup } = await open();
    cleanups.push(cleanup);
    const db = instances[0]!;
    await migrateToLatest(db);
    await seedIfEmpty(db, NOW);
    await addLicense(db, 'TX');
    await addOfficer(db, ANA, ['TX']);
    await addOfficer(db, BEN, ['TX']);
    // Both pools connected beforehand, so no transaction waits for a connection while another commits.
    await Promise.all(instances.map((handle) => handle.selectFrom('leads').select('id').execute()));

    const log = { warn: vi.fn(), error: vi.fn() };
    const submit = (i: number) =>
      submitLead(
        'application',
        { ...fullApplication, propertyState: 'TX', email: `person${i}@example.com` },
        { clientAddress: `198.51.100.${i}`, userAgent: 'test' },
        { db: async () => instances[i % 2]!, log, now: () => later(i), wake: () => undefined },
      );
    const burst = (from: number, count: number) => Promise.all(Array.from({ length: count }, (_, i) => submit(from + i)));
    const results = together
      ? await burst(0, 40)
      : // Each instance's burst is one group commit; the instances take turns.
        (await burst(0, 10)).concat(await burst(10, 10), await burst(20, 10), await burst(30, 10));
    expect(results.every((result) => result?.ok)).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();

    const rows = await db.selectFrom('leads').select(['assignee_id', 'routing_turn']).orderBy('routing_turn').execute();
    // Every turn given once, none skipped: no two transactions ever read the same last turn.
    expect(rows.map((row) => row.routing_turn)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const sequence = rows.map((row) => row.assignee_id);
    expect(sequence.filter((id) => id === ANA)).toHaveLength(20);
    expect(sequence.filter((id) => id === BEN)).toHaveLength(20);
    expect(sequence.some((id, i) => i > 0 && id === sequence[i - 1])).toBe(false);
    expect(await turnOf(db, 'TX')).toEqual({ last_account_id: sequence.at(-1), turns: 40 });
  });
});
