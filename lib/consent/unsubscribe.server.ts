import 'server-only';
import type { DB } from '../db/connect.server';
import { recordConsentEvent, withdrawalInForce } from './events.server';
import type { LinkState } from './types';
import { readUnsubscribeToken } from './unsubscribe-token.server';

/**
 * What an e-mail's unsubscribe link does (`/unsubscribe?t=<token>`): the page (app/(site)/unsubscribe)
 * shows the address and its state; its buttons and a mail app's one-click POST (RFC 8058) come
 * to server/unsubscribe-endpoint.ts, which calls applyUnsubscribe. Nothing happens on a GET: mail
 * scanners open links to look at them.
 */

/**
 * 'one-click': the mail app's own Unsubscribe button (List-Unsubscribe-Post), 'unsubscribe' and
 * 'resubscribe': the page's buttons.
 */
export type UnsubscribeStep = 'one-click' | 'unsubscribe' | 'resubscribe';

/** The address a link names and its state now, or null for a link that is not ours. */
export async function linkState(db: DB, token: unknown): Promise<LinkState | null> {
  const link = readUnsubscribeToken(token);
  if (!link) return null;
  const withdrawal = await withdrawalInForce(db, { kind: 'email', address: link.address }, 'email');
  return { address: link.address, withdrawal };
}

/** Records the step for the link's address; false for a link that is not ours (nothing changes). */
export async function applyUnsubscribe(db: DB, token: unknown, step: UnsubscribeStep, now = new Date()): Promise<boolean> {
  const link = readUnsubscribeToken(token);
  if (!link) return false;
  await recordConsentEvent(
    db,
    {
      kind: 'email',
      address: link.address,
      channel: link.channel,
      event: step === 'resubscribe' ? 'given' : 'withdrawn',
      source: step === 'one-click' ? 'list-unsubscribe-post' : 'unsubscribe-link',
    },
    now,
  );
  return true;
}
