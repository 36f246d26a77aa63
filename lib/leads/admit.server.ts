import 'server-only';
import type { DB } from '../db/connect.server';
import { FLOOD_FACTOR, isFlood, spamReason, type SpamReason, type SpamSettings } from './spam';
import { countLeadsFrom, insertLeads, type NewLead } from './store.server';

/**
 * Admits leads: judges each against its address's recent leads and stores those not refused,
 * all in one transaction. Counting inside the write transaction, in arrival order, makes the
 * per-address limit exact even for a burst: leads sent at the same moment from one address are
 * counted one after the other instead of all seeing the count from before the burst. An address
 * is counted once per transaction, its leads stored in it added as they are admitted, so a batch
 * (lead-writer.server.ts) pays for one count per address, not one per lead.
 */

export interface LeadToAdmit {
  lead: Omit<NewLead, 'spamReason'>;
  /** What the form sent besides the fields: the honeypot's content and the fill time. */
  signals: { honeypot: string; fillMs: number | null };
  spam: SpamSettings & { windowMinutes: number };
  now: Date;
}

export type Admission =
  | { stored: true; id: string; spamReason: SpamReason | null; recent: number }
  /** Refused as a flood: not stored. */
  | { stored: false; recent: number };

export async function admitLeads(db: DB, items: LeadToAdmit[]): Promise<Admission[]> {
  return db.transaction().execute(async (trx) => {
    // Recent leads per address (and settings) as counted so far in this transaction.
    const recentFrom = new Map<string, number>();
    const admissions: Admission[] = [];
    const toStore: { index: number; lead: NewLead; now: Date }[] = [];
    for (const [index, { lead, signals, spam, now }] of items.entries()) {
      const key = JSON.stringify([lead.clientAddress, spam.windowMinutes, spam.rateLimit]);
      let recent = recentFrom.get(key);
      if (recent === undefined) {
        const since = new Date(now.getTime() - spam.windowMinutes * 60_000);
        // Counting past the flood threshold would change no answer.
        recent = await countLeadsFrom(trx, lead.clientAddress, since, spam.rateLimit * FLOOD_FACTOR);
      }
      if (isFlood(recent, spam)) {
        admissions.push({ stored: false, recent });
        recentFrom.set(key, recent);
        continue;
      }
      const reason = spamReason({ ...signals, recentFromAddress: recent }, spam);
      admissions.push({ stored: true, id: '', spamReason: reason, recent });
      toStore.push({ index, lead: { ...lead, spamReason: reason }, now });
      recentFrom.set(key, recent + 1);
    }
    const stored = await insertLeads(trx, toStore);
    toStore.forEach(({ index }, i) => {
      const admission = admissions[index]!;
      if (admission.stored) admission.id = stored[i]!.id;
    });
    return admissions;
  });
}
