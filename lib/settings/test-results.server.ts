import 'server-only';
import type { DB } from '../db/connect.server';
import { plainValue, putRow } from './store.server';

/**
 * What the Settings page's test sends found, for the Overview's setup checklist: when a test
 * e-mail (or text) last went through. A change of the channel's settings forgets it
 * (./save.server.ts), since the test no longer vouches for them.
 */

export const TEST_SUCCEEDED_KEYS = { mail: 'mail.test_succeeded_at', sms: 'sms.test_succeeded_at' } as const;
export type TestChannel = keyof typeof TEST_SUCCEEDED_KEYS;

/** When a test e-mail last reached the relay (ISO time), or null when none has since the mail settings changed. */
export async function mailTestSucceededAt(db: DB): Promise<string | null> {
  return plainValue(db, TEST_SUCCEEDED_KEYS.mail);
}

/** When a test text last reached Twilio (ISO time), or null. */
export async function smsTestSucceededAt(db: DB): Promise<string | null> {
  return plainValue(db, TEST_SUCCEEDED_KEYS.sms);
}

export async function recordTestSuccess(db: DB, channel: TestChannel, by: string | null, at: Date): Promise<void> {
  await putRow(db, TEST_SUCCEEDED_KEYS[channel], { value: at.toISOString(), sealed: null }, by, at);
}

/** Forgets a channel's test result (its settings changed); call it in the change's transaction. */
export async function forgetTestSuccess(trx: DB, channel: TestChannel): Promise<void> {
  await trx.deleteFrom('site_settings').where('key', '=', TEST_SUCCEEDED_KEYS[channel]).execute();
}
