import 'server-only';
import { consentGate } from '../consent/gate.server';
import { onLeadsArrived } from '../leads/arrival-hooks.server';
import { openFilesForApplications } from '../loan-files/open-on-application.server';
import { setConsentGate } from '../notifications/consent-gate.server';

/**
 * Hands the domains that stand on another the hooks it runs (lib/leads/arrival-hook.ts): the leads
 * cannot import the loan files, which import them. Registered once per process, before the first
 * lead can arrive, by prepareDatabase (./prepare.server.ts), which every start runs; registering
 * again replaces, never doubles. The outbox gets the consent check it makes before each message
 * to a visitor (lib/notifications/consent-gate.ts) the same way: lib/consent stands on the outbox.
 */
export function registerDomainHooks(): void {
  onLeadsArrived('loan-files.open-on-application', openFilesForApplications);
  setConsentGate(consentGate());
}
