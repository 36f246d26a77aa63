import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import type { MilestoneNames } from './milestones';
import { NO_OVERRIDES, storedOverridesSchema, type TemplateOverrides } from './template-overrides';

/**
 * The owner's template and milestone edits, JSON in app_meta so every instance reads the same. A
 * value missing or no longer valid reads as no edits (the code's templates), like the other
 * settings: a bad row must not stop a file from opening.
 */

export async function readTemplateOverrides(db: DB): Promise<TemplateOverrides> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.loanFileTemplates).executeTakeFirst();
  if (!row) return NO_OVERRIDES;
  try {
    const parsed = storedOverridesSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : NO_OVERRIDES;
  } catch {
    return NO_OVERRIDES;
  }
}

/** The milestones' names alone, for the timeline, the e-mails and the admin's choice. */
export async function readMilestoneNames(db: DB): Promise<MilestoneNames> {
  return (await readTemplateOverrides(db)).milestones;
}

/** Saves the edits inside the caller's transaction (none: the row goes); returns what they were. */
export async function saveTemplateOverrides(trx: DB, overrides: TemplateOverrides): Promise<TemplateOverrides> {
  const before = await readTemplateOverrides(trx);
  if (Object.keys(overrides.needs).length === 0 && Object.keys(overrides.milestones).length === 0) {
    await trx.deleteFrom('app_meta').where('key', '=', MetaKey.loanFileTemplates).execute();
    return before;
  }
  const value = JSON.stringify(overrides);
  await trx
    .insertInto('app_meta')
    .values({ key: MetaKey.loanFileTemplates, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return before;
}
