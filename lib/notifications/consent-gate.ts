import type { DB } from '../db/connect.server';

/**
 * The contract of the consent check the outbox makes before each message to a person outside the
 * business, apart from the registry that holds it (./consent-gate.server.ts): consent is a domain
 * (lib/consent/) standing on the outbox, which cannot import it back, so the domain hands its
 * check over at start-up (lib/setup/hooks.server.ts) and imports only this.
 */

/** Where a message goes, as the check sees it: an e-mail address, or a phone number for a text. */
export interface GatedRecipient {
  channel: 'email' | 'sms';
  address: string;
}

export interface ConsentGate {
  /**
   * Why the message must not go, as the delivery log shows it ('Not sent: the recipient withdrew
   * consent (unsubscribe link, 2026-11-27)', beginning with CONSENT_REFUSAL_PREFIX of
   * ./delivery-types.ts), or null when it may.
   */
  refusal(db: DB, to: GatedRecipient): Promise<string | null>;
  /**
   * The one-click unsubscribe link of an e-mail to `address`, or null for an address it cannot
   * name; on the site's public address in effect (`db`: the admin's Settings may give it).
   */
  unsubscribeUrl(db: DB, address: string): Promise<string | null>;
}
