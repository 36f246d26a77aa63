import 'server-only';
import type { DB } from '../db/connect.server';
import { processSingleton } from '../runtime/process-singleton';
import type { ArrivedLead } from './alerts/source';
import type { LeadsArrivedHook } from './arrival-hook';

/**
 * The hooks insertLeads runs for each batch of new leads (./arrival-hook.ts), once per process: the
 * server registers them at start-up from its own copy of lib/, and the copies Next bundles for the
 * forms' Server Actions store leads too (lib/runtime/process-singleton.ts).
 */
const hooks = () => processSingleton('leads.arrival-hooks', () => new Map<string, LeadsArrivedHook>());

/** Adds a hook under a name; the same name again replaces it, so registering twice runs it once. */
export function onLeadsArrived(name: string, hook: LeadsArrivedHook): void {
  hooks().set(name, hook);
}

/** Runs every hook in turn, inside the caller's transaction; a hook's error fails the batch. */
export async function runArrivalHooks(trx: DB, leads: ArrivedLead[]): Promise<void> {
  for (const hook of hooks().values()) await hook(trx, leads);
}
