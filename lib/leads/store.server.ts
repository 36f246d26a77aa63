import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { createGroupCommit, type GroupCommit } from '../db/group-commit';
import { addNotifications } from '../notifications/outbox.server';
import type { Channel } from '../notifications/types';
import { processSingleton } from '../runtime/process-singleton';
import { arrivalNotifications } from './arrival-alerts.server';
import { runArrivalHooks } from './arrival-hooks.server';
import { officerForSlug } from '../officers/profiles.server';
import { leadRow, type NewLead } from './lead-row';
import { routeLeads, routingColumns } from './routing.server';
import { sealLeadFields } from './sealed-fields.server';
import { FLOOD_FACTOR, isFlood, judgeSubmission, type SpamReason, type SpamSettings, type SubmissionSignals } from './spam';

/**
 * Stores the leads of every form through one group commit per database (lib/db/group-commit.ts):
 * leads submitted together share one transaction that counts each address's recent leads, judges
 * every lead and inserts the admitted ones with their e-mails to the broker (the outbox). A burst
 * of submissions costs one durable commit and one count per address rather than one each, and
 * each visitor still hears "sent" only once their own lead is committed. A batch that fails is
 * retried lead by lead, so one bad lead fails only its sender.
 */

export interface LeadToStore {
  lead: Omit<NewLead, 'spamReason' | 'botSignals' | 'possibleBot'>;
  /** What the submission told besides the fields (lib/leads/spam.ts); the address's count is the store's. */
  signals: Omit<SubmissionSignals, 'recentFromAddress' | 'texts'>;
  spam: SpamSettings & { windowMinutes: number };
  now: Date;
  /** Where a failed batch is reported (the submitter's logger). */
  log: { warn: (data: object, message: string) => void };
}

export type Admission =
  | {
      stored: true;
      id: string;
      spamReason: SpamReason | null;
      possibleBot: boolean;
      recent: number;
      /** The channels whose workers have something new to send from this lead's batch (to wake only those). */
      due: ReadonlySet<Channel>;
    }
  /** Refused as a flood: not stored. */
  | { stored: false; recent: number };

/** One group commit per database handle and process, whichever copy of this module stores the lead. */
const writers = () => processSingleton('leads.writers', () => new WeakMap<DB, GroupCommit<LeadToStore, Admission>>());

/**
 * Resolves once the lead is judged and, unless refused as a flood, committed with its
 * notification; rejects when it could not be stored.
 */
export function storeLead(db: DB, item: LeadToStore): Promise<Admission> {
  let writer = writers().get(db);
  if (!writer) {
    writer = createGroupCommit<LeadToStore, Admission>({
      commitBatch: (items) => admitLeads(db, items),
      commitOne: async (one) => (await admitLeads(db, [one]))[0]!,
      onBatchFailed: (error, items) =>
        items[0]!.log.warn(
          { event: 'lead.batch_failed', leads: items.length, err: error },
          'A batch of leads could not be stored together: storing each alone',
        ),
    });
    writers().set(db, writer);
  }
  return writer.submit(item);
}

/**
 * One transaction: judges each lead against its address's recent leads and stores those not
 * refused. Counting inside the write transaction, in arrival order, makes the per-address limit
 * exact even for a burst: leads sent at the same moment from one address are counted one after
 * the other instead of all seeing the count from before the burst. An address is counted once per
 * transaction, its leads stored in it added as they are admitted.
 */
async function admitLeads(db: DB, items: LeadToStore[]): Promise<Admission[]> {
  return db.transaction().execute(async (trx) => {
    await takeTurnsPerAddress(trx, new Set(items.map(({ lead }) => lead.clientAddress.slice(0, 64))));
    const counted = await countRecentLeads(trx, items);
    // Recent leads per address (and settings) as counted so far in this transaction.
    const recentFrom = new Map<string, number>();
    const admissions: Admission[] = [];
    const toStore: { index: number; lead: NewLead; now: Date }[] = [];
    for (const [index, { lead, signals, spam, now }] of items.entries()) {
      const window = windowKey(lead.clientAddress, spam.windowMinutes);
      const key = `${window}/${spam.rateLimit}`;
      // Counting past the flood threshold would change no answer.
      const recent = recentFrom.get(key) ?? Math.min(counted.get(window) ?? 0, spam.rateLimit * FLOOD_FACTOR);
      if (isFlood(recent, spam)) {
        admissions.push({ stored: false, recent });
        recentFrom.set(key, recent);
        continue;
      }
      const verdict = judgeSubmission({ ...signals, texts: Object.values(lead.fields), recentFromAddress: recent }, spam);
      admissions.push({
        stored: true,
        id: '',
        spamReason: verdict.spamReason,
        possibleBot: verdict.possibleBot,
        recent,
        due: new Set(),
      });
      toStore.push({
        index,
        lead: { ...lead, spamReason: verdict.spamReason, botSignals: verdict.signals, possibleBot: verdict.possibleBot },
        now,
      });
      recentFrom.set(key, recent + 1);
    }
    const { ids, due } = await insertAndTell(trx, toStore);
    toStore.forEach(({ index }, i) => {
      const admission = admissions[index]!;
      if (admission.stored) Object.assign(admission, { id: ids[i]!, due });
    });
    return admissions;
  });
}

/**
 * PostgreSQL: other instances count and store an address's leads in transactions of their own,
 * which would each count without the others' (twenty leads sent to two instances at once were
 * all stored, flood limit or not). An advisory lock per address, held until commit, makes them
 * take turns; READ COMMITTED reads anew at each statement, so the count that follows sees the
 * leads the other committed. Taken in key order, so two batches never wait for each other
 * crosswise. SQLite has one writer already.
 */
async function takeTurnsPerAddress(trx: DB, addresses: Set<string>): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  const keys = sql`select distinct hashtext(address) as key from unnest(${[...addresses]}::text[]) as address order by key`;
  await sql`select pg_advisory_xact_lock(hashtext('clp.leads_from_address'), key) from (${keys}) as ordered`.execute(trx);
}

/**
 * Routes leads by their property's state (./routing.server.ts), inserts them and their alerts
 * (./arrival-alerts.server.ts) with multi-row inserts, whatever the number of leads, inside the
 * caller's transaction, then runs the arrival hooks
 * (./arrival-hooks.server.ts); returns the leads' ids. Spam (strong evidence
 * only) is stored too, in the spam folder, with its alerts 'skipped' until the owner says 'Not
 * spam'; a possible bot is a lead like any other, alerted.
 */
export async function insertLeads(trx: DB, leads: { lead: NewLead; now: Date }[]): Promise<string[]> {
  return (await insertAndTell(trx, leads)).ids;
}

/** insertLeads, also saying which channels got notifications to send (not held back as spam's). */
async function insertAndTell(trx: DB, leads: { lead: NewLead; now: Date }[]): Promise<{ ids: string[]; due: Set<Channel> }> {
  if (leads.length === 0) return { ids: [], due: new Set() };
  // Arrival is a lead's first activity: retention counts from its last (lib/retention/).
  const built = leads.map(({ lead, now }) => ({ ...leadRow(lead, now), last_activity_at: now.toISOString() }));
  await assignProfileOfficers(trx, built, leads);
  // Routing by state (./routing.server.ts): the officer whose turn it is, or the owner; a lead
  // that already has an assignee keeps it.
  const routing = await routeLeads(
    trx,
    built.map((row, i) => ({ row, fields: leads[i]!.lead.fields })),
  );
  const rows = built.map((row) => ({ ...row, ...routingColumns(routing.get(row.id)) }));
  // Stored with the financial fields sealed; the alerts and hooks below read the fields as sent.
  await trx
    .insertInto('leads')
    .values(rows.map((row, i) => ({ ...row, fields: sealLeadFields(row.id, leads[i]!.lead.fields) })))
    .execute();
  const arrived = rows.map((row, i) => ({ row, at: leads[i]!.now }));
  const notifications = await arrivalNotifications(trx, arrived);
  await addNotifications(trx, notifications);
  // What other domains do with new leads (an application's loan file), committed with them.
  await runArrivalHooks(trx, arrived);
  return { ids: rows.map((row) => row.id), due: new Set(notifications.filter((n) => !n.skipped).map((n) => n.channel)) };
}

/**
 * A lead sent from an officer's profile (/team/<slug>: its contact and apply links carry the
 * slug as the forms' hidden `officer`, issue 31) goes to that officer while the profile is
 * published; routing by state, after this, leaves an assigned lead as it is. A slug that names no
 * published profile changes nothing, and spam is nobody's. Read in the lead's own transaction,
 * once per slug.
 */
async function assignProfileOfficers(
  trx: DB,
  rows: { assignee_id: string | null; is_spam: number }[],
  leads: readonly { lead: NewLead }[],
): Promise<void> {
  const officers = new Map<string, string | null>();
  for (const [i, row] of rows.entries()) {
    const slug = leads[i]!.lead.officer;
    if (!slug || row.is_spam === 1) continue;
    if (!officers.has(slug)) officers.set(slug, await officerForSlug(trx, slug));
    row.assignee_id = officers.get(slug) ?? row.assignee_id;
  }
}

const windowKey = (clientAddress: string, windowMinutes: number) => `${windowMinutes}:${clientAddress.slice(0, 64)}`;

/**
 * Each address's leads within its window (the per-address rate limit, kept in the database), for
 * the whole batch in one statement per window length (one: every lead of a process has the same
 * settings), on leads_address_idx. Counted from the batch's first lead's time: the leads of one
 * batch arrived within milliseconds of each other. An address's count stays bounded while it
 * floods the forms, since past the flood threshold its leads are refused, not stored. One statement
 * instead of one per address: a batch of 50 leads from 50 visitors paid 50 statements.
 */
async function countRecentLeads(db: DB, items: readonly LeadToStore[]): Promise<Map<string, number>> {
  const addressesByWindow = new Map<number, Set<string>>();
  for (const { lead, spam } of items) {
    const addresses = addressesByWindow.get(spam.windowMinutes) ?? new Set<string>();
    addressesByWindow.set(spam.windowMinutes, addresses.add(lead.clientAddress.slice(0, 64)));
  }
  const now = items[0]!.now.getTime();
  const counts = new Map<string, number>();
  for (const [windowMinutes, addresses] of addressesByWindow) {
    const rows = await db
      .selectFrom('leads')
      .select(['client_address', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('client_address', 'in', [...addresses])
      .where('created_at', '>', new Date(now - windowMinutes * 60_000).toISOString())
      .groupBy('client_address')
      .execute();
    for (const row of rows) counts.set(windowKey(row.client_address, windowMinutes), Number(row.count));
  }
  return counts;
}
