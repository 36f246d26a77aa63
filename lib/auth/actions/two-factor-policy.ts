'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { hasSecondFactor, secondFactorsOf } from '../two-factor/factors.server';
import { setTwoFactorRequired } from '../two-factor/requirement.server';

/** Security: 'Require two-factor for every account' (owner, recent sign-in, logged). */
export const setRequireTwoFactorAction = adminAction(
  z.object({ required: z.boolean() }),
  async ({ required }, { db, account, log }) => {
    // The owner first: turning it on without a second factor would shut the owner out of Security.
    if (required && !hasSecondFactor(await secondFactorsOf(db, account.id)))
      return fail(
        '🔐 Set Up Yours First',
        'Set up two-factor authentication for your own account before requiring it of everyone.',
      );
    await setTwoFactorRequired(db, required);
    await log({ action: 'settings_changed', detail: { setting: 'require_two_factor', value: required } });
    refresh();
    return succeed({
      title: '✅ Settings Saved',
      message: required
        ? 'Every account now needs two-factor authentication; accounts without it are asked to set it up at sign-in.'
        : 'Two-factor authentication is now optional for the team.',
    });
  },
  { permission: 'security', stepUp: true },
);
