import 'server-only';
import type { DB } from '../db/connect.server';
import { createGroupCommit, type GroupCommit } from '../db/group-commit';
import { admitLeads, type Admission, type LeadToAdmit } from './admit.server';

/**
 * Admits the leads of every form through one group commit per database (lib/db/group-commit.ts):
 * leads submitted together share one transaction (./admit.server.ts), so a burst of submissions
 * costs one durable commit and one rate-limit count per address rather than one each, and each
 * visitor still hears "sent" only once their own lead is committed. A batch that fails is retried
 * lead by lead, so one bad lead fails only its sender.
 */

export interface LeadToStore extends LeadToAdmit {
  /** Where a failed batch is reported (the submitter's logger). */
  log: { warn: (data: object, message: string) => void };
}

const writers = new WeakMap<DB, GroupCommit<LeadToStore, Admission>>();

function writerFor(db: DB): GroupCommit<LeadToStore, Admission> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createGroupCommit<LeadToStore, Admission>({
      commitBatch: (items) => admitLeads(db, items),
      commitOne: async (item) => (await admitLeads(db, [item]))[0]!,
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

/**
 * Resolves once the lead is judged and, unless refused as a flood, committed with its
 * notification; rejects when it could not be stored.
 */
export function storeLead(db: DB, item: LeadToStore): Promise<Admission> {
  return writerFor(db).submit(item);
}
