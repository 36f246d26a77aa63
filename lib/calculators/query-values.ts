/** A page's searchParams as Next hands them over. */
export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The calculator's fields from the query, as text: the first value of each (a repeated parameter
 * is the visitor's problem, not the server's), the default where the query has none. The text is
 * kept as typed so the form shows it back; parsing happens separately.
 */
export function queryValues(query: SearchParams, defaults: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(defaults)) {
    const given = query[name];
    const first = Array.isArray(given) ? given[0] : given;
    values[name] = (first ?? fallback).slice(0, 2000);
  }
  return values;
}
