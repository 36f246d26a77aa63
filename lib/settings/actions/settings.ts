'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { ANY_CHANNEL, announceDue } from '../../notifications/due-signal.server';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { sendTestMail, sendTestSms } from '../../notifications/transports/test-send.server';
import { effectiveMail, effectiveSiteUrl, effectiveSms } from '../effective.server';
import { fieldOf } from '../fields';
import { changeDetail, saveSiteSettings } from '../save.server';
import { settingsInputSchema } from '../schema';
import { serverSources } from '../sources.server';
import { testMail, testText } from '../test-messages';
import { recordTestSuccess } from '../test-results.server';

/**
 * Settings (owner only, issue 33): mail, texts and the site's address. Saving changes where
 * customer data goes, so it needs a recent sign-in (step-up); it is logged with the names of the
 * fields changed, never a value. Then every instance's outbox is woken: mail that waited for a
 * transport goes now, through the new settings. The test sends change nothing but their result.
 */

const NOT_SAVED = '❌ Settings Not Saved';
const ATTENTION = 'Some fields need attention: nothing was saved.';

export const saveSettingsAction = adminAction(
  settingsInputSchema,
  async (input, { db, account, log }) => {
    const saved = await db.transaction().execute(async (trx) => {
      const outcome = await saveSiteSettings(trx, input, { sources: serverSources(), by: account.id, now: new Date() });
      if (outcome.ok && outcome.set.length + outcome.removed.length > 0)
        await log({ action: 'settings_changed', target: 'site_settings', detail: changeDetail(outcome) }, trx);
      return outcome;
    });
    if (!saved.ok) return fail(NOT_SAVED, ATTENTION, saved.fieldErrors);
    const changed = [...saved.set, ...saved.removed];
    if (changed.length === 0) return succeed({ title: 'Nothing Changed', message: 'The settings were already as entered.' });
    // Notifications that waited for a transport go now, on this instance and (PostgreSQL) on every other.
    wakeOutbox();
    await announceDue(db, ANY_CHANNEL);
    refresh();
    return succeed({
      title: '✅ Settings Saved',
      message: `Changed: ${changed.map((name) => fieldOf(name).label).join(', ')}. Every instance uses them from its next message.`,
    });
  },
  { permission: 'security', stepUp: true, invalid: (fieldErrors) => fail(NOT_SAVED, ATTENTION, fieldErrors) },
);

export const sendTestEmailAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) => {
    const sources = serverSources();
    const config = await effectiveMail(db, sources);
    if (!config)
      return fail(
        '❌ No Test Sent',
        'E-mail is not set up: enter an SMTP server (or an EmailJS account) with the from address and your mailbox, and save.',
      );
    const outcome = await sendTestMail(config, sources.env, testMail(await effectiveSiteUrl(db, sources), new Date()));
    if (!outcome.ok) return fail('❌ Test E-mail Not Delivered', outcome.error);
    await recordTestSuccess(db, 'mail', account.id, new Date());
    refresh();
    return succeed({ title: '✅ Test E-mail Sent', message: outcome.detail });
  },
  { permission: 'security' },
);

export const sendTestTextAction = adminAction(
  z.undefined(),
  async (_input, { db, account }) => {
    const sources = serverSources();
    const config = await effectiveSms(db, sources);
    if (!config) return fail('❌ No Test Sent', 'Text messages are not set up: enter the four Twilio settings and save.');
    const outcome = await sendTestSms(config, sources.env, testText(await effectiveSiteUrl(db, sources)));
    if (!outcome.ok) return fail('❌ Test Text Not Delivered', outcome.error);
    await recordTestSuccess(db, 'sms', account.id, new Date());
    refresh();
    return succeed({ title: '✅ Test Text Sent', message: outcome.detail });
  },
  { permission: 'security' },
);
