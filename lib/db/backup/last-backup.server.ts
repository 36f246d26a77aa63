import 'server-only';
import { databaseTarget } from '../../env-schema';
import { connect, type DB } from '../connect.server';
import { MetaKey } from '../meta-keys';

/**
 * When `npm run db:backup` last succeeded, kept in the database it copied, so the admin (the
 * Overview's setup checklist) can tell whether backups run, whichever instance asks. Only this
 * command records: a backup taken by other means (a volume snapshot, pg_dump by hand) is not seen.
 */

/** Records a backup that succeeded, dated as its file is (`at`: when it started). */
export async function recordBackupTaken(db: DB, at: Date): Promise<void> {
  const value = at.toISOString();
  await db
    .insertInto('app_meta')
    .values({ key: MetaKey.lastBackupAt, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The last successful backup's time (ISO), or null when none was recorded. */
export async function lastBackupAt(db: DB): Promise<string | null> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.lastBackupAt).executeTakeFirst();
  return row?.value ?? null;
}

/** The command's step after the file is complete: its own short connection to DATABASE_URL. */
export async function recordBackupIn(databaseUrl: string, at: Date): Promise<void> {
  const db = connect(databaseTarget(databaseUrl));
  try {
    await recordBackupTaken(db, at);
  } finally {
    await db.destroy();
  }
}
