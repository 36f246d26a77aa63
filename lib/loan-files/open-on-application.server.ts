import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import type { LeadsArrivedHook } from '../leads/arrival-hook';
import { LoanFileError } from './errors';
import { openLoanFile } from './files.server';

/**
 * "Open a loan file for every new application" (issue 30, point 1; an owner setting, off unless
 * turned on), in app_meta so every instance reads the same. When on, each application that is not
 * spam gets its file in the transaction that stores it: the lead and its file commit together.
 */

export async function opensFileOnApplication(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', MetaKey.openLoanFileOnApplication)
    .executeTakeFirst();
  return row?.value === '1';
}

/** Saves the setting inside the caller's transaction; returns what it was before. */
export async function saveOpensFileOnApplication(trx: DB, on: boolean): Promise<boolean> {
  const before = await opensFileOnApplication(trx);
  const value = on ? '1' : '0';
  await trx
    .insertInto('app_meta')
    .values({ key: MetaKey.openLoanFileOnApplication, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return before;
}

/**
 * The leads' arrival hook (lib/leads/arrival-hook.ts), registered by lib/setup/hooks.server.ts. The
 * setting is read only for a batch that holds an application. An application the file cannot be
 * opened for (no usable e-mail address) is stored all the same, to be opened by hand: the refusal
 * comes before any write, so the transaction goes on unharmed. A database error fails the batch,
 * which the store retries lead by lead.
 */
export const openFilesForApplications: LeadsArrivedHook = async (trx, leads) => {
  const applications = leads.filter(({ row }) => row.kind === 'application' && row.is_spam === 0);
  if (applications.length === 0 || !(await opensFileOnApplication(trx))) return;
  for (const { row, at } of applications) {
    try {
      await openLoanFile(trx, row.id, { by: null, now: at });
    } catch (error) {
      if (!(error instanceof LoanFileError)) throw error;
    }
  }
};
