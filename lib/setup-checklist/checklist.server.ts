import 'server-only';
import { hasSecondFactor, secondFactorsOf } from '../auth/two-factor/factors.server';
import { lastBackupAt } from '../db/backup/last-backup.server';
import type { DB } from '../db/connect.server';
import { readSiteContent } from '../content/queries.server';
import { licensedStates } from '../licenses/held-states.server';
import type { SettingsSources } from '../settings/environment';
import { siteUrlSetting } from '../settings/effective.server';
import { mailTestSucceededAt } from '../settings/test-results.server';
import { skippedItems } from './dismissals.server';
import { BACKUP_MAX_AGE_DAYS, type SetupItemId } from './items';
import { summarize, type SetupChecklist, type SetupItemFact } from './summary';

/**
 * Each setup item's state, read from the database (and, for the site's address, the server's
 * environment): every instance answers the same. The password and two-factor items are the
 * signed-in owner's own account.
 */
export async function readSetupChecklist(
  db: DB,
  { accountId, sources, now = new Date() }: { accountId: string; sources: SettingsSources; now?: Date },
): Promise<SetupChecklist> {
  const [password, factors, mailTest, content, states, siteUrl, backup, skipped] = await Promise.all([
    db.selectFrom('admin_users').select('is_default').where('id', '=', accountId).executeTakeFirst(),
    secondFactorsOf(db, accountId),
    mailTestSucceededAt(db),
    readSiteContent(db),
    licensedStates(db),
    siteUrlSetting(db, sources),
    lastBackupAt(db),
    skippedItems(db),
  ]);
  const facts: Record<SetupItemId, SetupItemFact> = {
    password: fact(password !== undefined && Number(password.is_default) === 0),
    'two-factor': fact(hasSecondFactor(factors)),
    email: { done: mailTest !== null, at: mailTest },
    'postal-address': fact(content.autoReply.postalAddress.trim() !== ''),
    licenses: fact(states.length > 0),
    'site-url': fact(siteUrl.source !== 'unset'),
    backups: { done: backup !== null && isRecent(backup, now), at: backup },
  };
  return summarize(facts, skipped);
}

const fact = (done: boolean): SetupItemFact => ({ done, at: null });

/** Within the last BACKUP_MAX_AGE_DAYS days; a time ahead of the clock (another machine's) counts too. */
function isRecent(iso: string, now: Date): boolean {
  const at = Date.parse(iso);
  return Number.isFinite(at) && now.getTime() - at <= BACKUP_MAX_AGE_DAYS * 86_400_000;
}
