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

/** Characters that continue an address on its left (local part) or right (domain). */
const LEFT = /[\p{L}\p{N}._%+'-]/u;
const RIGHT = /[\p{L}\p{N}_-]/u;

function standsAlone(text: string, at: number, length: number): boolean {
  const before = text[at - 1];
  const after = text[at + length];
  if (before !== undefined && LEFT.test(before)) return false;
  if (after === undefined) return true;
  // A trailing dot ends a sentence, unless the domain goes on after it.
  if (after === '.') return !RIGHT.test(text[at + length + 1] ?? '');
  return !RIGHT.test(after);
}

/** The forms an address takes in stored text: as typed, and inside a JSON string. */
function storedForms(email: string): string[] {
  const escaped = JSON.stringify(email).slice(1, -1);
  return escaped === email ? [email] : [email, escaped];
}

/** True when `text` holds the (lower-cased) e-mail address, in any case, standing on its own. */
export function holdsEmail(text: string | null | undefined, email: string): boolean {
  if (!text) return false;
  const haystack = text.toLowerCase();
  for (const needle of storedForms(email)) {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      if (standsAlone(haystack, at, needle.length)) return true;
    }
  }
  return false;
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
