import 'server-only';
import { open, seal } from '../auth/secret-box.server';
import type { SubjectType } from './types';

/**
 * Payloads sealed whole at rest. A lead's notifications carry what the visitor typed: the broker's
 * e-mail the whole summary (income, assets, credit score), the estimate the visitor's numbers, a
 * webhook every field, a text or push the loan amount. Customer financial information is encrypted
 * at rest (FTC Safeguards Rule, 16 CFR 314.4(c)(3); issue 30), and a notification stays after it is
 * sent (the delivery log, 'Resend'), so the outbox seals every payload of these subjects itself
 * when it writes one: no flag for a new alert to forget (ADR 038).
 *
 * A sealed column holds `v1.<iv>.<ciphertext>.<tag>` (lib/auth/secret-box.server.ts), bound to the
 * notification's id; a plain one holds JSON of an object, so it starts with `{`. Readers tell the
 * two apart by that, never by the subject, so rows sealed at start-up (lib/setup/seal-at-rest.server.ts) and rows written since
 * read alike.
 */

/** The subjects whose payloads are sealed: those that carry a lead's fields. */
export const SEALED_SUBJECTS: ReadonlySet<SubjectType> = new Set<SubjectType>(['lead']);

/** The secret box context of a sealed payload: one copied to another row, or into sealed_secret, does not open. */
export const payloadContext = (id: string) => `notification-payload:${id}`;

/** Whether a stored payload is sealed (plain ones are JSON objects). */
export const isSealedPayload = (stored: string) => !stored.startsWith('{');

/** The payload as the column stores it: sealed when its subject's are. */
export function storedPayload(id: string, subject: SubjectType, json: string): string {
  return SEALED_SUBJECTS.has(subject) ? seal(json, payloadContext(id)) : json;
}

/** The payload's JSON text, opened when sealed; null when it does not open with this SECRET_KEY. */
export function openPayload(row: { id: string; payload: string }): string | null {
  return isSealedPayload(row.payload) ? open(row.payload, payloadContext(row.id)) : row.payload;
}

/**
 * The stored payload after `edit` changed its JSON text (privacy deletion cuts an address out of
 * it), sealed again if it was sealed; null when it does not open.
 */
export function editedPayload(row: { id: string; payload: string }, edit: (json: string) => string): string | null {
  const json = openPayload(row);
  if (json === null) return null;
  const edited = edit(json);
  return isSealedPayload(row.payload) ? seal(edited, payloadContext(row.id)) : edited;
}
