import 'server-only';
import { sql } from 'kysely';
import { OWNER_ACCOUNT_ID } from '../auth/policy';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { licensedStates } from '../licenses/held-states.server';
import { toStateCode, type StateCode } from '../licenses/us-states';
import { officersLicensedIn } from '../officers/licensed-in.server';
import { PROPERTY_STATE_FIELD } from './property-state';
import { nextTurns } from './routing-turns';

/**
 * Routing by state (issue 31, point 2), inside the transaction that stores the leads: a lead
 * whose property is in a state the broker is licensed in goes to the next officer licensed there
 * (round-robin in account id order, officers who are away passed by), or to the owner when none is;
 * a lead from a state outside the licenses is marked so, stored and listed like any lead, and
 * goes to the owner, who decides. A lead without a state (the short forms, 'Not sure / other') is
 * left as it always was. Routing never refuses a lead.
 */

/** A lead as insertLeads is about to write it, with its fields as posted (unsealed). */
export interface RoutableLead {
  row: {
    id: string;
    is_spam: number;
    created_at: string;
    /** Set by an earlier step (a lead posted from an officer's profile goes to that officer): kept. */
    assignee_id?: string | null;
  };
  fields: Record<string, string>;
}

export interface LeadRouting {
  state: StateCode;
  /** Who works the lead; null: routing leaves it as it was (already assigned, or spam). */
  assigneeId: string | null;
  outsideLicenses: boolean;
  /** Which of its state's turns it took (1, 2, ...); null: it took none. */
  turn: number | null;
}

/**
 * The routing of each lead that names a state, by lead id (a lead without one is not in the map).
 * On PostgreSQL it waits for the other transactions routing a lead of the same states to commit.
 */
export async function routeLeads(trx: DB, leads: readonly RoutableLead[]): Promise<Map<string, LeadRouting>> {
  const routed = new Map<string, LeadRouting>();
  const located = leads.flatMap(({ row, fields }) => {
    const state = toStateCode(fields[PROPERTY_STATE_FIELD] ?? '');
    return state ? [{ row, state }] : [];
  });
  if (located.length === 0) return routed;

  const licensed = new Set(await licensedStates(trx));
  // With no license recorded at all (a new install, before the owner enters them), nothing is
  // outside: marking every lead would say only that the list is empty.
  const outside = (state: StateCode) => licensed.size > 0 && !licensed.has(state);
  const byTurn = new Map<StateCode, typeof located>();
  for (const lead of located) {
    const { row, state } = lead;
    const outsideLicenses = outside(state);
    // Spam takes no one's turn, and a lead someone chose an officer for keeps that officer.
    const open = row.is_spam === 0 && !row.assignee_id;
    // Outside the licenses: the owner's to decide on, never an officer's turn.
    const assigneeId = open && outsideLicenses ? OWNER_ACCOUNT_ID : null;
    routed.set(row.id, { state, assigneeId, outsideLicenses, turn: null });
    if (open && !outsideLicenses) byTurn.set(state, [...(byTurn.get(state) ?? []), lead]);
  }

  await takeTurnsPerState(trx, [...byTurn.keys()]);
  for (const [state, stateLeads] of byTurn) {
    const officers = await officersLicensedIn(trx, state);
    if (officers.length === 0) {
      for (const { row } of stateLeads) routed.get(row.id)!.assigneeId = OWNER_ACCOUNT_ID;
      continue;
    }
    const previous = await trx
      .selectFrom('lead_routing')
      .select(['last_account_id', 'turns'])
      .where('state', '=', state)
      .executeTakeFirst();
    const turns = nextTurns(
      officers.map((officer) => officer.accountId),
      previous?.last_account_id ?? null,
      stateLeads.length,
    );
    const firstTurn = Number(previous?.turns ?? 0) + 1;
    stateLeads.forEach(({ row }, i) => {
      const routing = routed.get(row.id)!;
      routing.assigneeId = turns[i]!;
      routing.turn = firstTurn + i;
    });
    await saveTurn(trx, state, turns.at(-1)!, firstTurn + turns.length - 1, stateLeads.at(-1)!.row.created_at);
  }
  return routed;
}

/** The columns a lead's routing sets on its row (none for a lead without a state). */
export function routingColumns(routing: LeadRouting | undefined) {
  if (!routing) return {};
  return {
    property_state: routing.state,
    outside_licenses: routing.outsideLicenses ? 1 : 0,
    routing_turn: routing.turn,
    ...(routing.assigneeId ? { assignee_id: routing.assigneeId } : {}),
  };
}

/**
 * PostgreSQL: another instance may be routing a lead of the same state at this moment; reading
 * the state's last turn in both would give both leads the same officer. An advisory lock per
 * state, held until commit, makes them take turns, and READ COMMITTED's next read sees the turn
 * the other committed. A lock rather than the row's: the state's first lead has no row to lock.
 * Taken in key order, so two batches of several states never wait for each other crosswise; after
 * the per-address locks of the store, never before them. SQLite's transactions take the one
 * write lock at `begin immediate` already.
 */
async function takeTurnsPerState(trx: DB, states: StateCode[]): Promise<void> {
  if (states.length === 0 || engineOf(trx) !== 'postgres') return;
  const keys = sql`select distinct hashtext(state) as key from unnest(${states}::text[]) as state order by key`;
  await sql`select pg_advisory_xact_lock(hashtext('clp.lead_routing'), key) from (${keys}) as ordered`.execute(trx);
}

async function saveTurn(trx: DB, state: StateCode, lastAccountId: string, turns: number, at: string): Promise<void> {
  const turn = { last_account_id: lastAccountId, turns, updated_at: at };
  await trx
    .insertInto('lead_routing')
    .values({ state, ...turn })
    .onConflict((oc) => oc.column('state').doUpdateSet(turn))
    .execute();
}
