import { z } from 'zod';

/**
 * What "holds this e-mail" means for a privacy request, in one place for the queries, the export
 * and the deletion. Case does not matter; the address must stand on its own, so a request for
 * bob@example.com neither finds nor deletes jimbob@example.com or bob@example.company. Text
 * columns holding JSON (a lead's fields, a notification's payload) hold the address JSON-escaped.
 *
 * The lead forms accept any text with an '@' (lib/leads/schemas.ts), so the request accepts the
 * same, not only what a strict e-mail pattern would.
 */

export const personEmailSchema = z
  .string({ error: 'Enter the e-mail address of the request.' })
  .trim()
  .min(3, { error: 'Enter the e-mail address of the request.' })
  .max(254, { error: 'An e-mail address has at most 254 characters.' })
  .refine((value) => value.includes('@'), { error: 'Enter an e-mail address (it contains an @).' })
  .transform((value) => value.toLowerCase());

/** The forms an address takes in stored text: as typed, and inside a JSON string. */
function storedForms(email: string): string[] {
  const escaped = JSON.stringify(email).slice(1, -1);
  return escaped === email ? [email] : [email, escaped];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Any stored form of the address, in any case, standing on its own: no address character just
 * before it, none just after, and no dot followed by more domain (a dot that ends a sentence is fine).
 */
function emailPattern(email: string): RegExp {
  const forms = storedForms(email).map(escapeRegExp).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}._%+'-])(?:${forms})(?![\\p{L}\\p{N}_-])(?!\\.[\\p{L}\\p{N}_-])`, 'giu');
}

/** True when `text` holds the (lower-cased) e-mail address, in any case, standing on its own. */
export function holdsEmail(text: string | null | undefined, email: string): boolean {
  return Boolean(text) && emailPattern(email).test(text!);
}

/** What takes the address's place in someone else's record that named it. */
export const REDACTED = '[e-mail deleted]';

/** `text` with every occurrence of the address replaced (it stays valid JSON if it was). */
export function redactEmail(text: string, email: string): string {
  return text.replace(emailPattern(email), REDACTED);
}

/**
 * A fragment every stored form of the address contains, for a SQL `LIKE` that narrows the rows
 * before holdsEmail decides: the longest run of plain ASCII address characters, which both
 * engines lower-case alike whatever their collation. null when the address has no useful run.
 */
export function likeFragment(email: string): string | null {
  const runs = email.match(/[a-z0-9.@_+-]+/g) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  return longest.length >= 3 ? longest : null;
}

/** `%fragment%` with LIKE's own wildcards escaped (use with `escape '\'`). */
export function likePattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
