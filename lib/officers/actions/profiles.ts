'use server';

import { refresh } from 'next/cache';
import { adminAction, adminFormAction } from '../../admin/action.server';
import type { AdminContext } from '../../admin/context';
import { fail, succeed, type ActionResult } from '../../admin/result';
import { can } from '../../auth/roles';
import { CacheTag } from '../../cache/tags';
import { removeProfile, saveProfile, type ProfileFields, type ProfileRefusal } from '../mutations.server';
import { ownProfileSchema, profileAccountSchema, profileSchema } from '../schema';
import type { OfficerProfile } from '../types';

/**
 * Loan officer profiles (issue 31, point 1). The owner (Security > Team) creates, edits and
 * removes any originating account's profile, its photo and "away" included; a loan officer edits
 * their own from My Account, all but "away" (the owner's routing setting) and the photo (uploads
 * are the content editors'). Each write and its activity log entry commit together; the entry
 * holds the profile's public facts only. Then /team and the profiles expire on every instance.
 */

const expires = [CacheTag.officers];

const NOT_SAVED = '❌ Profile Not Saved';

const REFUSALS: Record<ProfileRefusal, { error: string; field?: string }> = {
  'not-originator': { error: 'Only the owner and loan officers have a profile: this account does not work leads.' },
  'not-found': { error: 'This profile was removed elsewhere.' },
  'slug-taken': { error: 'Another profile has this address. Choose another, or leave it empty.', field: 'slug' },
  'photo-missing': { error: 'The photo chosen is not an uploaded image. Upload it again.', field: 'photoMediaId' },
};

function refused(reason: ProfileRefusal): ActionResult<OfficerProfile> {
  const { error, field } = REFUSALS[reason];
  return fail(NOT_SAVED, error, field ? { [field]: error } : undefined);
}

const invalid = (fieldErrors: Record<string, string>) => fail(NOT_SAVED, 'Some fields need attention.', fieldErrors);

/** What an activity log entry says of a profile: its public facts, short. */
const described = (profile: OfficerProfile) => ({
  name: profile.displayName.slice(0, 80),
  slug: profile.slug,
  nmlsId: profile.nmlsId,
  states: profile.states.join(' '),
  published: profile.published,
  away: profile.away,
});

/** Saves one account's profile and logs it, in one transaction. */
async function save(accountId: string, input: ProfileFields, { db, log }: AdminContext): Promise<ActionResult<OfficerProfile>> {
  const saved = await db.transaction().execute(async (trx) => {
    const result = await saveProfile(trx, accountId, input);
    if (typeof result !== 'string')
      await log(
        {
          action: result.created ? 'officer_profile_created' : 'officer_profile_updated',
          target: accountId,
          detail: described(result.profile),
        },
        trx,
      );
    return result;
  });
  if (typeof saved === 'string') return refused(saved);
  refresh();
  const { profile } = saved;
  return succeed({
    title: '✅ Profile Saved',
    message: profile.published
      ? `${profile.displayName}’s profile is public at /team/${profile.slug}.`
      : `${profile.displayName}’s profile is saved and not published.`,
    data: profile,
  });
}

/** The owner: any originating account's profile, all of it. */
export const saveOfficerProfileAction = adminFormAction(
  profileSchema,
  async ({ accountId, ...input }, context: AdminContext) => save(accountId, input, context),
  { permission: 'security', expires, invalid },
);

/** An officer's own profile (My Account): "away" and the photo stay as the owner set them. */
export const saveOwnOfficerProfileAction = adminFormAction(
  ownProfileSchema,
  async (input, context: AdminContext) => {
    if (!can(context.account.role, 'leads')) return refused('not-originator');
    return save(context.account.id, input, context);
  },
  { permission: 'account', expires, invalid },
);

/** The owner removes a profile: off /team at once, and routing no longer picks the account. */
export const removeOfficerProfileAction = adminAction(
  profileAccountSchema,
  async ({ accountId }, { db, log }: AdminContext) => {
    const removed = await db.transaction().execute(async (trx) => {
      const profile = await removeProfile(trx, accountId);
      if (profile)
        await log(
          {
            action: 'officer_profile_removed',
            target: accountId,
            detail: { name: profile.displayName.slice(0, 80), slug: profile.slug, nmlsId: profile.nmlsId },
          },
          trx,
        );
      return profile;
    });
    if (!removed) return fail('❌ Profile Not Found', REFUSALS['not-found'].error);
    refresh();
    return succeed({
      title: '🗑️ Profile Removed',
      message: `${removed.displayName}’s profile is no longer on the site. The activity log keeps a record of it.`,
    });
  },
  { permission: 'security', expires },
);
