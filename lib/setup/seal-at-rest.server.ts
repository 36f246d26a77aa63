import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import { sealStoredDraftValues } from '../drafts/drafts.server';
import { sealStoredLeadFields } from '../leads/seal-stored.server';
import { sealStoredPayloads } from '../notifications/seal-stored.server';

/**
 * Seals, once, the customer information a release before issue 30 stored in the clear: leads'
 * financial fields, saved applications' answers, and the notifications about leads that carry
 * them (lib/notifications/sealed-payload.server.ts). Not a migration: migrations are frozen and
 * know nothing of SECRET_KEY, which this needs (lib/auth/secret-key.server.ts). It runs at
 * start-up under the start-up lock (./prepare.server.ts), after the migrations; a database it has
 * done carries MetaKey.sealedAtRest, so later starts skip it. A backup from before it is restored
 * without the mark and sealed at the next start. Readers accept plain rows all the same: a row an
 * older instance writes during a rolling upgrade is read as it is (stop every old instance first).
 */
export async function sealAtRestOnce(
  db: DB,
  now = new Date(),
): Promise<{ leads: number; drafts: number; notifications: number } | null> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.sealedAtRest).executeTakeFirst();
  if (done) return null;
  const sealed = {
    leads: await sealStoredLeadFields(db),
    drafts: await sealStoredDraftValues(db),
    notifications: await sealStoredPayloads(db),
  };
  await db
    .insertInto('app_meta')
    .values({ key: MetaKey.sealedAtRest, value: now.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return sealed;
}
