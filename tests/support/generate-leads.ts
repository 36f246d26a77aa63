import { sql } from 'kysely';
import type { DB } from '../../lib/db/connect.server';
import { engineOf } from '../../lib/db/engine';
import { LEAD_TYPES, type LeadKind } from '../../lib/leads/fields';
import { leadRowMessage } from '../../lib/leads/lead-row';
import { leadSearchText } from '../../lib/leads/search-text';

/**
 * Generated leads in bulk for the leads database's scale test and benchmark: deterministic
 * (a seeded PRNG), batched multi-row inserts in one transaction, with one e-mail notification
 * each (its payload rendered as the store renders it, so the outbox has its real size).
 * Lead i is created i minutes before `newest`, so order and date ranges are predictable.
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
}

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateLeads(count: number, newest = new Date('2026-11-21T12:00:00.000Z'), seed = 42): GeneratedLead[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const leads: GeneratedLead[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const isSpam = random() < 0.03;
    leads.push({
      id: `gen${String(i).padStart(7, '0')}`,
      kind: pick(GENERATED_KINDS),
      status: isSpam ? 'spam' : pick(GENERATED_STATUSES),
      name: `${first} ${last} ${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
      phone: `(${200 + (i % 700)}) 555-${String(i % 10_000).padStart(4, '0')}`,
      isSpam,
      createdAt: new Date(newest.getTime() - i * 60_000).toISOString(),
    });
  }
  return leads;
}

export async function insertLeads(db: DB, leads: GeneratedLead[], batch = 400): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
    }
  });
  // A live PostgreSQL has its statistics and visibility map kept by autovacuum; tables filled a
  // moment ago have neither. Without statistics the planner misjudges the Leads tab's join to the
  // outbox (a scan per lead); without the visibility map an index-only count visits every row, so
  // it prefers a sequential scan (a one-week range: 46 ms instead of 4 ms).
  if (engineOf(db) === 'postgres') await sql`vacuum analyze leads, notifications`.execute(db);
}
