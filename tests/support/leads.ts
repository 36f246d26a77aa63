import type { DB } from '../../lib/db/connect.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { getLead } from '../../lib/leads/queries.server';
import { insertLeads } from '../../lib/leads/store.server';
import type { LeadKind } from '../../lib/leads/fields';
import type { Lead } from '../../lib/leads/types';

/** Leads for the tests to look at and to start from, read and written as the app does. */

/** Stored leads, newest first, each as getLead reads it (with its e-mail's delivery state). */
export async function listLeads(db: DB, options: { kind?: LeadKind; includeSpam?: boolean } = {}): Promise<Lead[]> {
  let query = db.selectFrom('leads').select('id');
  if (options.kind) query = query.where('kind', '=', options.kind);
  if (!options.includeSpam) query = query.where('is_spam', '=', 0);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  const leads = await Promise.all(rows.map((row) => getLead(db, row.id)));
  return leads.filter((lead): lead is Lead => lead !== null);
}

/**
 * Stores one lead and its notification in their own transaction, as the store does for a judged
 * submission (spamReason says how it was judged), without a form, a rate limit or a group commit.
 */
export async function recordLead(db: DB, lead: NewLead, now = new Date()): Promise<{ id: string }> {
  const [id] = await db.transaction().execute((trx) => insertLeads(trx, [{ lead, now }]));
  return { id: id! };
}
