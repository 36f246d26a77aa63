'use server';

import { refresh } from 'next/cache';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { browserName } from '../../http/browser-name';
import { MAX_DEVICES_PER_ACCOUNT, removeDevice, removeEndpoint, saveSubscription } from '../subscriptions.server';
import { deviceIdSchema, endpointSchema, subscriptionSchema } from '../subscription-schema';

/**
 * 'Turn on alerts on this device' / 'Turn off' and a device's 'Remove' (My Account, and Security
 * for the owner). Turning on needs the leads permission (the alerts tell of leads); removing one's
 * own device never does, so an account whose role changed can still clear its devices.
 */

export const turnOnPushAction = adminAction(
  subscriptionSchema,
  async (subscription, { account, db, log }) => {
    const { replaced } = await db.transaction().execute(async (trx) => {
      const saved = await saveSubscription(trx, account.id, subscription, new Date());
      await log(
        { action: 'push_device_added', target: account.id, detail: { device: saved.id, userAgent: subscription.userAgent } },
        trx,
      );
      if (saved.replaced)
        await log({ action: 'push_device_removed', target: account.id, detail: { device: saved.replaced.id, replaced: 1 } }, trx);
      return saved;
    });
    refresh();
    const message = 'This device will show an alert within seconds of each new lead.';
    return succeed({
      title: '🔔 Alerts On',
      message: replaced
        ? `${message} Alerts stay on ${MAX_DEVICES_PER_ACCOUNT} devices at most, so they are now off on ${browserName(replaced.userAgent)} (turned on ${replaced.createdAt.slice(0, 10)}), the one that went longest without an alert.`
        : message,
    });
  },
  {
    permission: 'leads',
    invalid: (fieldErrors) =>
      fail('Alerts Not On', fieldErrors.endpoint ?? 'This browser sent a subscription that cannot be used.', fieldErrors),
  },
);

export const turnOffPushAction = adminAction(
  endpointSchema,
  async ({ endpoint }, { account, db, log }) => {
    const removed = await db.transaction().execute(async (trx) => {
      const done = await removeEndpoint(trx, account.id, endpoint);
      if (done) await log({ action: 'push_device_removed', target: account.id, detail: { device: 'this device' } }, trx);
      return done;
    });
    refresh();
    return succeed({
      title: '🔕 Alerts Off',
      message: removed ? 'This device will no longer show lead alerts.' : 'Alerts were already off here.',
    });
  },
  { permission: 'account' },
);

export const removePushDeviceAction = adminAction(
  deviceIdSchema,
  async ({ id }, { account, db, log }) => {
    const removed = await db.transaction().execute(async (trx) => {
      const done = await removeDevice(trx, account.id, id);
      if (done) await log({ action: 'push_device_removed', target: account.id, detail: { device: id } }, trx);
      return done;
    });
    if (!removed) return fail('Device Not Found', 'That device was already removed.');
    refresh();
    return succeed({ title: '🔕 Device Removed', message: 'That device will no longer show lead alerts.' });
  },
  { permission: 'account' },
);
