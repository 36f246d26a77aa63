import type { DB } from '../db/connect.server';
import type { ArrivedLead } from './alerts/source';

/**
 * The contract of work another domain does when leads arrive, apart from the list that runs it
 * (./arrival-hooks.server.ts): a domain that stands on the leads (a loan file opened for each
 * application) cannot be imported by them without a circle, so it is handed to them at start-up
 * (lib/setup/hooks.server.ts) and imports only this.
 */

/** Runs in the transaction that stores the batch of leads: what it writes commits with them, or nothing does. */
export type LeadsArrivedHook = (trx: DB, leads: ArrivedLead[]) => Promise<void>;
