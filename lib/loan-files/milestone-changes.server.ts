import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { LoanFileError } from './errors';
import { queueFileMail } from './mail.server';
import { milestoneMessage } from './messages';
import type { Milestone } from './milestones';
import { milestoneSchema, parsed } from './schemas';
import { readMilestoneNames } from './template-overrides.server';
import { withinTransaction } from './transaction.server';

/**
 * Moving a loan file to a milestone (issue 30, point 7). Every change is kept with its time and
 * who made it: the borrower's timeline, and the Overview's time spent in each stage. The owner
 * may move a file to any milestone, back as well as on (a closing put off).
 */

export interface MilestoneOptions {
  /** The admin account making the change. */
  by: string | null;
  /** E-mail the borrower "Your loan has reached: …", in the same transaction. */
  notify: boolean;
  /** The site's public address, for the portal link in the e-mail. */
  siteUrl: string;
  now?: Date;
}

export interface MilestoneSet {
  /** false: the file was at that milestone already, and nothing was recorded or sent. */
  changed: boolean;
  /** The borrower's e-mail was queued. */
  notified: boolean;
}

export async function setMilestone(
  db: DB,
  fileId: string,
  milestone: Milestone,
  options: MilestoneOptions,
): Promise<MilestoneSet> {
  const next = parsed(milestoneSchema, milestone);
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  return withinTransaction(db, async (trx) => {
    const file = await trx
      .selectFrom('loan_files')
      .select(['milestone', 'borrower_email'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!file) throw new LoanFileError('not-found', 'This loan file was not found.');
    if (file.milestone === next) return { changed: false, notified: false };
    await trx.updateTable('loan_files').set({ milestone: next, updated_at: stamp }).where('id', '=', fileId).execute();
    await trx
      .insertInto('loan_file_milestones')
      .values({ id: newId(), file_id: fileId, milestone: next, at: stamp, by_account: options.by })
      .execute();
    if (options.notify) {
      const message = milestoneMessage({
        to: file.borrower_email,
        milestone: next,
        names: await readMilestoneNames(trx),
        link: `${options.siteUrl}/portal`,
      });
      await queueFileMail(trx, fileId, message, now);
    }
    return { changed: true, notified: options.notify };
  });
}
