/**
 * The `leads.search` column: name, e-mail and phone lower-cased, plus the phone's digits, so one
 * `LIKE '%...%'` finds '555-0142', '5550142', 'jane' or 'JANE@EXAMPLE' on SQLite and PostgreSQL alike.
 */
export function leadSearchText(lead: { name: string; email: string; phone: string }): string {
  const digits = lead.phone.replace(/\D/g, '');
  return `${lead.name} ${lead.email} ${lead.phone} ${digits}`.toLowerCase();
}

/** The texts a search box's text is looked for in `search`: as typed, or as digits when it looks like a phone. */
export function searchNeedles(query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const digits = q.replace(/\D/g, '');
  // A phone typed with any separators is searched by its digits alone (the column holds them too).
  if (/^[\d\s().+-]+$/.test(q) && digits.length >= 3) return [digits];
  return [q];
}

/** The LIKE patterns of searchNeedles: each needle anywhere in `search`, its wildcards escaped. */
export function searchPatterns(query: string): string[] {
  return searchNeedles(query).map((s) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
