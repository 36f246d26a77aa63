'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { secondFactorsOf } from '../two-factor/factors.server';
import { registrationResponseSchema } from '../two-factor/passkey-response';
import { addPasskey, registrationOptions, removePasskey } from '../two-factor/passkeys.server';
import { replaceRecoveryCodes } from '../two-factor/recovery-codes.server';
import { isTwoFactorRequired } from '../two-factor/requirement.server';
import { normalizeCode } from '../two-factor/second-step.server';
import { confirmTotpSetUp, hasTotp, startTotpSetUp, turnOffTotp } from '../two-factor/totp-store.server';

/**
 * An account's own second factors (My Account, or Security for the owner). Every change needs a
 * recent sign-in (step-up): adding a factor too, since a passkey alone signs in (and counts as a
 * fresh sign-in), so a stolen session could otherwise plant a lasting way in (issue 28). Reading
 * new recovery codes and removing a factor need it as before, so a session left open cannot
 * quietly take over or weaken the account.
 */

export const startTotpSetUpAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) => {
    if (await hasTotp(db, account.id)) return fail('Already On', 'Two-factor authentication is already on.');
    return succeed({ title: 'Set Up', data: await startTotpSetUp(db, account) });
  },
  { permission: 'account', stepUp: true },
);

export const confirmTotpSetUpAction = adminAction(
  z.object({ code: z.string().max(64) }),
  async ({ code }, { db, account, log }) => {
    const result = await confirmTotpSetUp(db, account.id, normalizeCode(code));
    if (!result.ok && result.reason === 'expired')
      return fail('⏳ Set-up Expired', 'The set-up took too long. Please start again.', { code: 'Please start again.' });
    if (!result.ok) {
      const error = 'That code is not right. Check the time on your phone and try the newest code.';
      return fail('❌ Invalid Code', error, { code: error });
    }
    await log({ action: 'two_factor_enabled', target: account.id, detail: { method: 'totp' } });
    refresh();
    return succeed({
      title: '✅ Two-Factor On',
      message: 'Save your recovery codes now: they are shown only once.',
      data: { recoveryCodes: result.recoveryCodes },
    });
  },
  { permission: 'account', stepUp: true },
);

export const regenerateRecoveryCodesAction = adminAction(
  z.undefined(),
  async (_input, { db, account, log }) => {
    if (!(await hasTotp(db, account.id))) return fail('Two-Factor Is Off', 'Turn on two-factor authentication first.');
    const recoveryCodes = await replaceRecoveryCodes(db, account.id);
    await log({ action: 'recovery_codes_regenerated', target: account.id });
    refresh();
    return succeed({
      title: '✅ New Recovery Codes',
      message: 'Your old recovery codes no longer work. Save the new ones now.',
      data: { recoveryCodes },
    });
  },
  { permission: 'account', stepUp: true },
);

export const turnOffTotpAction = adminAction(
  z.undefined(),
  async (_input, { db, account, log }) => {
    const factors = await secondFactorsOf(db, account.id);
    if ((await isTwoFactorRequired(db)) && factors.passkeys === 0)
      return fail('🔐 Two-Factor Required', 'Two-factor is required for every account: add a passkey before turning this off.');
    await turnOffTotp(db, account.id);
    await log({ action: 'two_factor_disabled', target: account.id, detail: { method: 'totp' } });
    refresh();
    return succeed({ title: '✅ Two-Factor Off', message: 'Your authenticator app and recovery codes no longer work.' });
  },
  { permission: 'account', stepUp: true },
);

export const passkeyRegistrationOptionsAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) => succeed({ title: 'Passkey', data: await registrationOptions(db, account) }),
  { permission: 'account', stepUp: true },
);

export const addPasskeyAction = adminAction(
  z.object({
    name: z.string().trim().min(1, { error: 'Please name the passkey.' }).max(100, { error: 'At most 100 characters.' }),
    response: registrationResponseSchema,
  }),
  async ({ name, response }, { db, account, log }) => {
    if (!(await addPasskey(db, account.id, name, response)))
      return fail('❌ Passkey Not Added', 'The passkey could not be verified. Please try again.');
    await log({ action: 'passkey_added', target: response.id.slice(0, 200), detail: { name } });
    refresh();
    return succeed({ title: '✅ Passkey Added', message: `“${name}” can now sign you in.` });
  },
  { permission: 'account', stepUp: true },
);

export const removePasskeyAction = adminAction(
  z.object({ id: z.string().min(1).max(1400) }),
  async ({ id }, { db, account, log }) => {
    const factors = await secondFactorsOf(db, account.id);
    if ((await isTwoFactorRequired(db)) && !factors.totp && factors.passkeys === 1)
      return fail('🔐 Two-Factor Required', 'Two-factor is required for every account: this is your last second factor.');
    if (!(await removePasskey(db, account.id, id))) return fail('Already Removed', 'That passkey was already removed.');
    await log({ action: 'passkey_removed', target: id.slice(0, 200) });
    refresh();
    return succeed({ title: '✅ Passkey Removed', message: 'It can no longer sign you in.' });
  },
  { permission: 'account', stepUp: true },
);
