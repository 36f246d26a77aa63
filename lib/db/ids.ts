import { pooledRandomBytes } from '../runtime/random-pool';

/**
 * The id of every new row of every table: a UUIDv7 (RFC 9562) written as 32 lower-case hex digits.
 *
 * - Time first: new rows land at the end of each primary-key index instead of on a random page of
 *   it, which keeps bursts of inserts (a group commit of leads, a notification per lead) cheap on
 *   SQLite and PostgreSQL alike.
 * - 74 random bits after the millisecond: unguessable enough for public URLs (`/media/<id>.<ext>`),
 *   but not a secret. Session tokens and password salts are secrets and are made elsewhere.
 * - Hex without hyphens: fits every `varchar(32)` id column, needs no escaping in a URL, a file
 *   name or CSV, and has the shape media ids always had (32 hex digits), so older links still parse.
 *
 * Rows written before this scheme keep their ids (leads, sessions and sign-in attempts used 16
 * base64url characters, rates `rate-<hex>`, posts `post-<hex>`); ids are compared, never parsed,
 * except media ids in URLs. Uses Web Crypto. Migrations never call it: 0007 keeps its own copy.
 */

export const ID_PATTERN = /^[0-9a-f]{32}$/;

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** The last id made in this process, and its millisecond: the next one in the same millisecond follows it. */
let lastTime = -1;
const last = new Uint8Array(16);

/**
 * A new id. Within one millisecond a process's ids still sort in the order they were made (RFC
 * 9562's monotonic random, section 6.2): the random bits after the last id's version and variant
 * are the last id's plus a random step. So rows made in one millisecond are listed newest first by
 * (created_at, id), as they would be a millisecond apart (two invitations sent at once were listed
 * in either order).
 */
export function newId(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  if (now === lastTime && increment(last)) bytes.set(last);
  else {
    bytes.set(pooledRandomBytes(10), 6);
    // 48-bit big-endian milliseconds since the epoch (divisions: bitwise operators stop at 32 bits).
    let time = now;
    for (let i = 5; i >= 0; i--) {
      bytes[i] = time % 256;
      time = Math.floor(time / 256);
    }
    bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
    lastTime = now;
    last.set(bytes);
  }
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return hex;
}

/**
 * Adds a random step of 1 to 2^32 to the 56 random bits after the variant (bytes 9-15), so the next
 * id is not the last one plus one (ids are not secrets, but a media id need not tell the next);
 * false when they would overflow.
 */
function increment(id: Uint8Array): boolean {
  const step = pooledRandomBytes(4);
  let carry = 1; // a step of at least one
  for (let i = 15; i >= 9; i--) {
    const sum = id[i]! + (i >= 12 ? step[i - 12]! : 0) + carry;
    id[i] = sum & 0xff;
    carry = sum >> 8;
  }
  return carry === 0;
}
