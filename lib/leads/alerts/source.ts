import type { DB } from '../../db/connect.server';
import type { NewNotification } from '../../notifications/outbox.server';
import type { leadRow } from '../lead-row';

/**
 * The contract every arrival alert fulfils, apart from the list that runs them
 * (../arrival-alerts.server.ts), so an alert depends on the contract and never on the list.
 */

/** A lead row as insertLeads writes it, with the moment it arrived. */
export interface ArrivedLead {
  row: ReturnType<typeof leadRow> & { last_activity_at: string };
  at: Date;
}

/** One kind of alert: its notifications for the batch of leads (read what it needs through `trx`). */
export type ArrivalAlertSource = (trx: DB, leads: ArrivedLead[]) => Promise<NewNotification[]>;
