import 'server-only';
import type { DB } from '../db/connect.server';
import { createGroupCommit, type GroupCommit } from '../db/group-commit';
import { recordLead, recordLeads, type NewLead, type StoredLead } from './store.server';

/**
 * Stores the leads of every form through one group commit per database (lib/db/group-commit.ts):
 * leads submitted together share one transaction, so a burst of submissions costs one durable
 * commit rather than one each, and each visitor still hears "sent" only once their own lead is
 * committed. A batch that fails is retried lead by lead, so one bad lead fails only its sender.
 */

export interface LeadToStore {
  lead: NewLead;
  now: Date;
  /** Where a failed batch is reported (the submitter's logger). */
  log: { warn: (data: object, message: string) => void };
}

const writers = new WeakMap<DB, GroupCommit<LeadToStore, StoredLead>>();

function writerFor(db: DB): GroupCommit<LeadToStore, StoredLead> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createGroupCommit<LeadToStore, StoredLead>({
      commitBatch: (items) => recordLeads(db, items),
      commitOne: ({ lead, now }) => recordLead(db, lead, now),
      onBatchFailed: (error, items) =>
        items[0]!.log.warn(
          { event: 'lead.batch_failed', leads: items.length, err: error },
          'A batch of leads could not be stored together: storing each alone',
        ),
    });
    writers.set(db, writer);
  }
  return writer;
}

/** Resolves once the lead and its notification are committed; rejects when they could not be stored. */
export function storeLead(db: DB, item: LeadToStore): Promise<StoredLead> {
  return writerFor(db).submit(item);
}
