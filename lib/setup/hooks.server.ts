import 'server-only';
import { onLeadsArrived } from '../leads/arrival-hooks.server';
import { openFilesForApplications } from '../loan-files/open-on-application.server';

/**
 * Hands the domains that stand on another the hooks it runs (lib/leads/arrival-hook.ts): the leads
 * cannot import the loan files, which import them. Registered once per process, before the first
 * lead can arrive, by prepareDatabase (./prepare.server.ts), which every start runs; registering
 * again replaces, never doubles.
 */
export function registerDomainHooks(): void {
  onLeadsArrived('loan-files.open-on-application', openFilesForApplications);
}
