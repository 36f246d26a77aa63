import { sql } from 'kysely';
import type { DB } from '../../lib/db/connect.server';
import { engineOf } from '../../lib/db/engine';
import { LEAD_TYPES, type LeadKind } from '../../lib/leads/fields';
import { leadRowMessage } from '../../lib/leads/lead-row';
import { leadSearchText } from '../../lib/leads/search-text';
import { seededRandom } from './seeded-random';

/**
 * Generated leads in bulk for the leads database's scale test and benchmark: deterministic
 * (a seeded PRNG), batched multi-row inserts, with one e-mail notification each (its payload
 * rendered as the store renders it, so the outbox has its real size). Lead i is created i minutes
 * before `newest`, so order and date ranges are predictable.
 *
 * `generateLeads` and `insertLeads` hold every lead at once (fine up to 100,000). A million leads
 * go through `generateLeadBatches` and `insertLeadBatches`, one batch at a time, so memory stays
 * flat. With `pipeline: true` the leads are also worked as a live database's are (sources, landing
 * pages, assignees, follow-ups, bot and licence marks, one status change per lead moved on), drawn
 * from a second PRNG so the leads' own fields are the same as without it.
 */

const FIRST = ['Jane', 'John', 'Maria', 'Wei', 'Aisha', 'Carlos', 'Olivia', 'Liam', 'Noah', 'Emma', 'Sofia', 'Mateo'];
const LAST = ['Builder', 'Smith', 'Garcia', 'Chen', 'Khan', 'Lopez', 'Brown', 'Miller', 'Davis', 'Wilson', 'Moore', 'Clark'];
export const GENERATED_KINDS: LeadKind[] = ['contact', 'qualification', 'application', 'ebook'];
export const GENERATED_STATUSES = ['new', 'contacted', 'qualified', 'application', 'won', 'lost'];

export interface GeneratedLead {
  id: string;
  kind: LeadKind;
  status: string;
  name: string;
  email: string;
  phone: string;
  isSpam: boolean;
  createdAt: string;
  /** With `pipeline: true` only (otherwise the columns' defaults). */
  pipeline?: GeneratedPipeline;
}

/** A generated lead's working data, as the store and the Leads tab would have written it. */
export interface GeneratedPipeline {
  firstSource: string;
  lastSource: string;
  landingPage: string;
  assigneeId: string | null;
  followUpOn: string | null;
  possibleBot: boolean;
  outsideLicenses: boolean;
  propertyState: string | null;
  /** When it left 'new' (its one status change); null: still new, or spam. */
  movedAt: string | null;
}

export const GENERATED_SOURCES = ['google', 'direct', 'news', 'www.bing.com', 'www.facebook.com', 'partner', 'www.zillow.com'];
export const GENERATED_LANDING_PAGES = [
  '/',
  '/rates',
  '/ebook',
  '/calculators/construction-interest',
  '/blog/first-draw',
  '/contact',
];
/** The accounts generated leads are assigned to (no admin_users rows: the filter compares ids only). */
export const GENERATED_ASSIGNEES = ['genowner', 'genofficer1', 'genofficer2'];
const STATES = ['TX', 'FL', 'CA', 'NC', 'GA', 'AZ', 'CO', 'WA'];
const OPEN = new Set(['new', 'contacted', 'qualified', 'application']);
const DAY_MS = 86_400_000;

export interface GenerateOptions {
  newest?: Date;
  seed?: number;
  /** Add each lead's working data (see GeneratedPipeline). */
  pipeline?: boolean;
}

export function generateLeads(count: number, newest = new Date('2026-11-21T12:00:00.000Z'), seed = 42): GeneratedLead[] {
  return [...generateLeadBatches(count, count || 1, { newest, seed })].flat();
}

/** The same leads as generateLeads, `batch` at a time: only the current batch is held. */
export function* generateLeadBatches(count: number, batch = 10_000, options: GenerateOptions = {}): Generator<GeneratedLead[]> {
  const newest = options.newest ?? new Date('2026-11-21T12:00:00.000Z');
  const seed = options.seed ?? 42;
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const work = options.pipeline ? pipelineOf(seededRandom(seed ^ 0x5eed)) : null;
  for (let start = 0; start < count; start += batch) {
    const leads: GeneratedLead[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const isSpam = random() < 0.03;
      const lead: GeneratedLead = {
        id: `gen${String(i).padStart(7, '0')}`,
        kind: pick(GENERATED_KINDS),
        status: isSpam ? 'spam' : pick(GENERATED_STATUSES),
        name: `${first} ${last} ${i}`,
        email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
        phone: `(${200 + (i % 700)}) 555-${String(i % 10_000).padStart(4, '0')}`,
        isSpam,
        createdAt: new Date(newest.getTime() - i * 60_000).toISOString(),
      };
      if (work) lead.pipeline = work(lead);
      leads.push(lead);
    }
    yield leads;
  }
}

/** Working data drawn from its own PRNG: most leads from a few sources, a third assigned, open ones with a follow-up. */
function pipelineOf(random: () => number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return (lead: GeneratedLead): GeneratedPipeline => {
    const created = Date.parse(lead.createdAt);
    const firstSource = random() < 0.5 ? GENERATED_SOURCES[0]! : pick(GENERATED_SOURCES);
    const lastSource = random() < 0.7 ? firstSource : pick(GENERATED_SOURCES);
    const open = OPEN.has(lead.status);
    const state = random() < 0.6 ? pick(STATES) : null;
    return {
      firstSource,
      lastSource,
      landingPage: pick(GENERATED_LANDING_PAGES),
      assigneeId: random() < 0.35 ? pick(GENERATED_ASSIGNEES) : null,
      // A follow-up one to fourteen days after it arrived: the recent ones are due, the older overdue.
      followUpOn:
        open && random() < 0.4 ? new Date(created + (1 + Math.floor(random() * 14)) * DAY_MS).toISOString().slice(0, 10) : null,
      possibleBot: random() < 0.01,
      outsideLicenses: state !== null && random() < 0.03,
      propertyState: state,
      movedAt: lead.isSpam || lead.status === 'new' ? null : new Date(created + Math.floor(random() * 3 * DAY_MS)).toISOString(),
    };
  };
}

export async function insertLeads(db: DB, leads: GeneratedLead[], batch = 400): Promise<void> {
  await db.transaction().execute((trx) => insertRows(trx, leads, batch));
  await analyze(db);
}

/**
 * Inserts batches as they come, one transaction each (the caller's generator holds one at a time).
 * Leads with working data get `first_contact_ms` as migration 0029's trigger would set it from their
 * status change, written with the lead rather than by an update of each one (which would double the
 * time of a million); `firstContactColumn: false` leaves it to the trigger, and suits a database
 * from before that migration.
 */
export async function insertLeadBatches(
  db: DB,
  batches: Iterable<GeneratedLead[]>,
  batch = 400,
  options: { firstContactColumn?: boolean } = {},
): Promise<void> {
  const firstContact = options.firstContactColumn ?? true;
  for (const leads of batches) await db.transaction().execute((trx) => insertRows(trx, leads, batch, firstContact));
  await analyze(db);
}

async function insertRows(trx: DB, leads: GeneratedLead[], batch: number, firstContact = false): Promise<void> {
  for (let start = 0; start < leads.length; start += batch) {
    const chunk = leads.slice(start, start + batch);
    const rows = chunk.map((l) => ({
      id: l.id,
      kind: l.kind,
      type: LEAD_TYPES[l.kind],
      fields: JSON.stringify({ name: l.name, email: l.email }),
      name: l.name,
      email: l.email,
      phone: l.phone,
      page: '/',
      consent_text: null,
      consent_at: null,
      consent_page: null,
      status: l.status,
      is_spam: l.isSpam ? 1 : 0,
      spam_reason: l.isSpam ? 'honeypot' : null,
      client_address: '203.0.113.9',
      user_agent: 'generator',
      created_at: l.createdAt,
      search: leadSearchText(l),
      // The columns' defaults without working data.
      first_source: l.pipeline?.firstSource ?? '',
      last_source: l.pipeline?.lastSource ?? '',
      landing_page: l.pipeline?.landingPage ?? '',
      assignee_id: l.pipeline?.assigneeId ?? null,
      follow_up_on: l.pipeline?.followUpOn ?? null,
      possible_bot: l.pipeline?.possibleBot ? 1 : 0,
      outside_licenses: l.pipeline?.outsideLicenses ? 1 : 0,
      property_state: l.pipeline?.propertyState ?? null,
      ...(firstContact && { first_contact_ms: firstContactMs(l) }),
    }));
    await trx.insertInto('leads').values(rows).execute();
    await trx
      .insertInto('notifications')
      .values(
        rows.map((row) => ({
          id: `n${row.id}`,
          subject_type: 'lead',
          subject_id: row.id,
          channel: 'email',
          payload: JSON.stringify(leadRowMessage(row)),
          status: row.is_spam ? 'skipped' : 'sent',
          next_attempt_at: null,
          sent_at: row.created_at,
          created_at: row.created_at,
          updated_at: row.created_at,
        })),
      )
      .execute();
    const changes = chunk.flatMap((l) =>
      l.pipeline?.movedAt
        ? [
            {
              id: `s${l.id}`,
              lead_id: l.id,
              from_status: 'new',
              to_status: l.status,
              reason: l.status === 'lost' ? 'generated' : null,
              actor_id: l.pipeline.assigneeId,
              actor: 'generator',
              at: l.pipeline.movedAt,
            },
          ]
        : [],
    );
    if (changes.length > 0) await trx.insertInto('lead_status_changes').values(changes).execute();
  }
}

/** Milliseconds from a generated lead's arrival to its one status change, if it was moved on from 'new'. */
const firstContactMs = (l: GeneratedLead) =>
  l.pipeline?.movedAt ? Math.max(0, Date.parse(l.pipeline.movedAt) - Date.parse(l.createdAt)) : null;

async function analyze(db: DB): Promise<void> {
  // A live PostgreSQL has its statistics and visibility map kept by autovacuum; tables filled a
  // moment ago have neither. Without statistics the planner misjudges the Leads tab's join to the
  // outbox (a scan per lead); without the visibility map an index-only count visits every row, so
  // it prefers a sequential scan (a one-week range: 46 ms instead of 4 ms).
  if (engineOf(db) === 'postgres') await sql`vacuum analyze leads, notifications, lead_status_changes`.execute(db);
}
