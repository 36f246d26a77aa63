/**
 * Round-robin among the officers licensed in a state (issue 31, routing by state), as pure logic:
 * ./routing.server.ts reads who is available and whose turn was last, under the state's lock, and
 * asks this whose turns come next.
 */

/**
 * Code-point order, the same on every engine and in every locale: a database's collation could
 * order ids differently from one instance's to another's, and the turn must be the same for all.
 */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The accounts that take the next `count` turns, in order: each the first account after the
 * previous one in id order, back to the first after the last. `last` need not be among them: an
 * officer who went away, or lost the state, simply hands the turn to the one after them.
 */
export function nextTurns(accountIds: readonly string[], last: string | null, count: number): string[] {
  const ids = [...new Set(accountIds)].sort(byCodePoint);
  if (ids.length === 0) throw new Error('Round-robin needs at least one account');
  // The first after `last`; past the end (or no turn yet), the first of all.
  const first =
    last === null
      ? 0
      : Math.max(
          0,
          ids.findIndex((id) => id > last),
        );
  return Array.from({ length: count }, (_, i) => ids[(first + i) % ids.length]!);
}
