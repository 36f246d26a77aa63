'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed, type ActionResult } from '../../admin/result';
import { PASSWORD_MAX_LENGTH } from '../policy';
import { retryMessage } from '../throttle.server';
import { confirmWithPasskey, confirmWithPassword, type ConfirmResult } from '../two-factor/confirm-identity.server';
import { secondFactorsOf } from '../two-factor/factors.server';
import { authenticationResponseSchema } from '../two-factor/passkey-response';
import { authenticationOptions } from '../two-factor/passkeys.server';

/**
 * The 'Confirm it's you' step (the dialog of withStepUp and the /admin/confirm page). Permission
 * 'account': every account confirms itself, and a session limited to setting up two-factor can too.
 */

const ERRORS = {
  password: { error: 'The password is not right.', field: 'password' },
  code: { error: 'That code is not right. Please check it and try again.', field: 'code' },
  passkey: { error: 'Please confirm with your passkey.', field: '' },
} as const;

function answer(result: ConfirmResult): ActionResult {
  if (result.ok) return succeed({ title: '✅ Confirmed', message: 'Thank you. You can continue for the next 10 minutes.' });
  if (result.reason === 'throttled') return fail('⏳ Too Many Attempts', retryMessage(result.retryAfterSeconds));
  const { error, field } = ERRORS[result.reason];
  return fail("❌ Couldn't Confirm", error, field ? { [field]: error } : undefined);
}

/** What the confirmation asks this account for. */
export const confirmMethodsAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) => {
    const factors = await secondFactorsOf(db, account.id);
    return succeed({ title: 'Confirm', data: { totp: factors.totp, passkey: factors.passkeys > 0 } });
  },
  { permission: 'account' },
);

export const confirmWithPasswordAction = adminAction(
  z.object({ password: z.string().max(PASSWORD_MAX_LENGTH), code: z.string().max(64).default('') }),
  async (input, context) => answer(await confirmWithPassword(context, input)),
  { permission: 'account' },
);

export const stepUpPasskeyOptionsAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) =>
    succeed({ title: 'Passkey', data: await authenticationOptions(db, 'passkey-step-up', account.id) }),
  { permission: 'account' },
);

export const confirmWithPasskeyAction = adminAction(
  authenticationResponseSchema,
  async (response, context) => answer(await confirmWithPasskey(context, response)),
  { permission: 'account' },
);
