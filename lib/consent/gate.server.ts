import 'server-only';
import type { DB } from '../db/connect.server';
import type { ConsentGate } from '../notifications/consent-gate';
import { CONSENT_REFUSAL_PREFIX } from '../notifications/delivery-types';
import { effectiveSiteUrl } from '../settings/effective.server';
import { serverSources } from '../settings/sources.server';
import { normalEmail } from './address';
import { recordedAddress, withdrawalInForce } from './events.server';
import { CONSENT_SOURCES, type Withdrawal } from './types';
import { unsubscribeUrl } from './unsubscribe-token.server';

/**
 * The consent check the outbox makes before each message to a visitor and each text
 * (lib/notifications/consent-gate.server.ts), registered at start-up by lib/setup/hooks.server.ts.
 * An address that cannot be read as one (a typed phone with an extension) has no record to match,
 * so its message goes: the team records a withdrawal on the lead's own address.
 */

/** The delivery log's reason, e.g. 'Not sent: the recipient withdrew consent (unsubscribe link, 2026-11-27)'. */
export const refusalOf = (withdrawal: Withdrawal) =>
  `${CONSENT_REFUSAL_PREFIX}the recipient withdrew consent (${CONSENT_SOURCES[withdrawal.source]}, ${withdrawal.at.slice(0, 10)})`;

/** `siteUrl`: the site's public address for the links (SITE_URL, else the admin's Settings). */
export function consentGate(siteUrl: (db: DB) => Promise<string> = (db) => effectiveSiteUrl(db, serverSources())): ConsentGate {
  return {
    async refusal(db, to) {
      const address = recordedAddress(to.channel, to.address);
      const withdrawal = address ? await withdrawalInForce(db, address, to.channel) : null;
      return withdrawal ? refusalOf(withdrawal) : null;
    },
    async unsubscribeUrl(db, address) {
      const normal = normalEmail(address);
      return normal ? unsubscribeUrl(await siteUrl(db), normal) : null;
    },
  };
}
