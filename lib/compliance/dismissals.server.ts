import 'server-only';
import type { DB } from '../db/connect.server';
import type { AdCopyFinding } from './ad-copy';

/**
 * Dismissed ad-copy warnings, in the database so every instance hides the same ones. A dismissal
 * is keyed by the finding's key, which names the claim's words: it lapses by itself when they
 * change, and a key no finding has any more is simply never asked for again.
 */

// Keys asked for at once: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
const BATCH = 500;

/** The findings nobody has dismissed, in their order. */
export async function withoutDismissed(db: DB, findings: readonly AdCopyFinding[]): Promise<AdCopyFinding[]> {
  const keys = [...new Set(findings.map((f) => f.key))];
  const dismissed = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    const rows = await db
      .selectFrom('ad_copy_dismissals')
      .select('key')
      .where('key', 'in', keys.slice(i, i + BATCH))
      .execute();
    for (const row of rows) dismissed.add(row.key);
  }
  return findings.filter((f) => !dismissed.has(f.key));
}

/**
 * Records a dismissal; false when the key was already dismissed (a second click, another
 * instance), so the caller logs each dismissal once.
 */
export async function dismissAdCopyFinding(
  db: DB,
  dismissal: { key: string; accountId: string; note?: string },
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .insertInto('ad_copy_dismissals')
    .values({
      key: dismissal.key,
      dismissed_by: dismissal.accountId,
      dismissed_at: now.toISOString(),
      note: dismissal.note || null,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
