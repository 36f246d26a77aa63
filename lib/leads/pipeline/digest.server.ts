import 'server-only';
import { OWNER_ACCOUNT_ID } from '../../auth/policy';
import { can, isRole } from '../../auth/roles';
import type { DB } from '../../db/connect.server';
import { MetaKey } from '../../db/meta-keys';
import { addNotifications } from '../../notifications/outbox.server';
import { claimDay } from '../../retention/daily-claim.server';
import type { LeadKind } from '../fields';
import { OPEN_STATUSES } from './board';
import { DIGEST_LIST_LIMIT, digestMessage, type OverdueFollowUp } from './digest-message';
import { utcToday } from './follow-up-filter.server';

/**
 * The daily follow-up digest: once per UTC day (claimed in the database, so of several instances
 * one queues it), each account that may work leads and has not turned the digest off gets an
 * e-mail through the outbox listing its overdue follow-ups: open leads (not won, lost or spam)
 * whose follow-up date is before today. The owner's also lists the unassigned ones, which nobody
 * else would be told of; it goes to the broker's mailbox (MAIL_TO), the owner account having no
 * address. An account with nothing overdue gets nothing. The claim and the e-mails commit
 * together: a run that fails leaves the day unclaimed for the next check.
 */

export async function queueDailyDigests(
  db: DB,
  options: { now: Date; siteUrl: string },
): Promise<{ ran: boolean; queued: number }> {
  const day = utcToday(options.now);
  return db.transaction().execute(async (trx) => {
    if (!(await claimDay(trx, day, MetaKey.digestRunDay))) return { ran: false, queued: 0 };
    const accounts = await trx
      .selectFrom('admin_users')
      .select(['id', 'email', 'role'])
      .where('wants_digest', '=', 1)
      .orderBy('created_at')
      .execute();
    let queued = 0;
    for (const account of accounts) {
      if (!isRole(account.role) || !can(account.role, 'leads')) continue;
      const owner = account.id === OWNER_ACCOUNT_ID;
      const { leads, total } = await overdueFor(trx, account.id, owner, day);
      if (total === 0) continue;
      const query = owner ? 'due=overdue' : 'due=overdue&assignee=me';
      await addNotifications(trx, [
        {
          subject: { type: 'digest', id: `${day}:${account.id}` },
          channel: 'email',
          recipient: `user:${account.id}`,
          payload: digestMessage({
            day,
            leads,
            total,
            link: `${options.siteUrl}/admin/leads?${query}`,
            to: account.email ?? undefined,
          }),
          at: options.now,
        },
      ]);
      queued++;
    }
    return { ran: true, queued };
  });
}

/** An account's overdue follow-ups, oldest date first (the owner's with the unassigned ones). */
export async function overdueFor(
  db: DB,
  accountId: string,
  owner: boolean,
  today: string,
): Promise<{ leads: OverdueFollowUp[]; total: number }> {
  const base = db
    .selectFrom('leads')
    .where('is_spam', '=', 0)
    .where('follow_up_on', '<', today)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) =>
      owner ? eb.or([eb('assignee_id', '=', accountId), eb('assignee_id', 'is', null)]) : eb('assignee_id', '=', accountId),
    );
  const rows = await base
    .select(['id', 'name', 'kind', 'status', 'follow_up_on', 'assignee_id'])
    .orderBy('follow_up_on')
    .orderBy('created_at')
    .limit(DIGEST_LIST_LIMIT)
    .execute();
  const { count } = await base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return {
    total: Number(count),
    leads: rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind as LeadKind,
      status: row.status,
      followUpOn: row.follow_up_on ?? '',
      unassigned: row.assignee_id === null,
    })),
  };
}

/** Whether an account gets the digest (My Account / Security show the switch). */
export async function wantsDigest(db: DB, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('admin_users').select('wants_digest').where('id', '=', accountId).executeTakeFirst();
  return Number(row?.wants_digest ?? 1) === 1;
}
