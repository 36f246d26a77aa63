import 'server-only';
import { open, seal } from '../auth/secret-box.server';
import { logger } from '../log.server';
import { isPlainField } from './plain-fields';

/**
 * A lead's fields as stored in `leads.fields`: a JSON object of the plain fields (./plain-fields.ts)
 * and, under SEALED_KEY, the others as one value sealed with SECRET_KEY (lib/auth/secret-box.server.ts),
 * bound to the lead's id. Search (name, e-mail, phone columns) and a privacy request's search of
 * the JSON keep working on the plain part; nothing else reads fields in SQL. A row written before
 * sealing (plain JSON, no SEALED_KEY) reads as it is; lib/setup seals those once at start-up.
 */

/** Not a form field's name: forms accept only the names they declare (lib/leads/schemas.ts). */
export const SEALED_KEY = '~sealed';

/** The secret box context of a lead's sealed part: one copied to another lead does not open there. */
export const fieldsContext = (leadId: string) => `lead-fields:${leadId}`;

export function sealLeadFields(leadId: string, fields: Record<string, string>, secret?: Buffer): string {
  const plain: Record<string, string> = {};
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) (isPlainField(name) ? plain : sealed)[name] = value;
  if (Object.keys(sealed).length === 0) return JSON.stringify(plain);
  return JSON.stringify({ ...plain, [SEALED_KEY]: seal(JSON.stringify(sealed), fieldsContext(leadId), secret) });
}

/**
 * Every field of a stored lead. A sealed part that does not open (SECRET_KEY changed without
 * re-sealing) leaves the plain fields: the lead is still listed and reachable, and the error is
 * logged for the operator.
 */
export function openLeadFields(leadId: string, stored: string, secret?: Buffer): Record<string, string> {
  const { [SEALED_KEY]: sealed, ...plain } = parseObject(stored);
  if (typeof sealed !== 'string') return plain;
  const opened = open(sealed, fieldsContext(leadId), secret);
  if (opened === null) {
    logger.error({ leadId }, "A lead's sealed fields do not open with this SECRET_KEY");
    return plain;
  }
  return { ...plain, ...parseObject(opened) };
}

/** Whether a stored value holds fields that should be sealed and are not (written before sealing). */
export function needsSealing(stored: string): boolean {
  const fields = parseObject(stored);
  return !(SEALED_KEY in fields) && Object.keys(fields).some((name) => !isPlainField(name));
}

function parseObject(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}
