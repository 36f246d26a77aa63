import 'server-only';
import { env } from '../env.server';
import type { ConsentGate } from '../notifications/consent-gate';
import { CONSENT_REFUSAL_PREFIX } from '../notifications/delivery-types';
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

export function consentGate(siteUrl: () => string = () => env.SITE_URL): ConsentGate {
  return {
    async refusal(db, to) {
      const address = recordedAddress(to.channel, to.address);
      const withdrawal = address ? await withdrawalInForce(db, address, to.channel) : null;
      return withdrawal ? refusalOf(withdrawal) : null;
    },
    unsubscribeUrl(address) {
      const normal = normalEmail(address);
      return normal ? unsubscribeUrl(siteUrl(), normal) : null;
    },
  };
}
