import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCredentials } from '../../lib/auth/credentials.server';
import { open } from '../../lib/auth/secret-box.server';
import { replaceRecoveryCodes } from '../../lib/auth/two-factor/recovery-codes.server';
import { base32Decode, timeStep, totpCode } from '../../lib/auth/two-factor/totp';
import {
  confirmTotpSetUp,
  secretContext as totpContext,
  setUpContext,
  startTotpSetUp,
} from '../../lib/auth/two-factor/totp-store.server';
import type { DB } from '../../lib/db/connect.server';
import { MetaKey } from '../../lib/db/meta-keys';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { keyContext, nameContext } from '../../lib/documents/cipher.server';
import { storeDocument } from '../../lib/documents/store.server';
import { saveDraft, valuesContext } from '../../lib/drafts/drafts.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { openLeadFields } from '../../lib/leads/sealed-fields.server';
import { logger } from '../../lib/log.server';
import { sealContext } from '../../lib/notifications/outbox.server';
import { isSealedPayload, payloadContext } from '../../lib/notifications/sealed-payload.server';
import { SEAL_CONTEXT, vapidKeys } from '../../lib/push/vapid-keys.server';
import { settingContext, writeSettings } from '../../lib/settings/store.server';
import { rotateSecretKey, RotationError, RotationStopped, SEALED_VALUES } from '../../lib/setup/rotate-secret-key.server';
import { createEndpoint, secretContext as webhookContext } from '../../lib/webhooks/endpoints.server';
import { scanDatabase } from '../support/database-scan';
import { emptyEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 41).toString('base64');
});

/**
 * `npm run secret-key:rotate` on a real database (lib/setup/rotate-secret-key.server.ts): one value
 * of every kind, sealed with the old key by the code that seals it, opens with the new key only
 * afterwards; a second run changes nothing; a value that opens with neither stops the run, named.
 */

const OLD = Buffer.alloc(32, 41);
const NEW = Buffer.alloc(32, 42);
const INCOME = '913577';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const application: NewLead = {
  kind: 'application',
  fields: { ...fullApplication, monthlyIncome: INCOME },
  page: '/apply',
  consent: true,
  spamReason: null,
  clientAddress: '198.51.100.7',
  userAgent: 'test',
};

async function* bytesOf(buffer: Buffer): AsyncGenerator<Uint8Array> {
  yield buffer;
}

/** One value of every kind, sealed with OLD (the process's SECRET_KEY) by the modules that seal them. */
async function sealEveryKind(db: DB): Promise<void> {
  const now = new Date();
  await vapidKeys(db);
  const setUp = await startTotpSetUp(db, { id: 'admin', email: null });
  const confirmed = await confirmTotpSetUp(db, 'admin', totpCode(base32Decode(setUp.secret)!, timeStep(now.getTime())), now);
  expect(confirmed.ok).toBe(true);
  await startTotpSetUp(db, { id: 'admin', email: null }); // a set-up in progress (of a new phone)
  await db
    .transaction()
    .execute((trx) =>
      createEndpoint(trx, { url: 'https://hooks.example/clp', description: 'CRM', events: ['lead.created'] }, now),
    );
  const stored = await storeDocument(db, {
    owner: 'loan-item:rotation',
    name: 'Pay stub March.pdf',
    uploadedBy: 'borrower:rotation',
    source: bytesOf(Buffer.from('%PDF-1.7\n% a pay stub\n')),
    objectStore: null,
  });
  expect(stored.ok).toBe(true);
  await recordLead(db, application, now);
  const limits = { perAddress: 3, windowMinutes: 10, mailsPerDraft: 3, mailsPerRecipient: 3, mailsPerDay: 50 };
  const draft = { email: 'jane@example.com', values: { loanAmount: '695000' }, step: 0 as const, clientAddress: '203.0.113.7' };
  const saved = await db
    .transaction()
    .execute((trx) => saveDraft(trx, { ...draft, siteUrl: 'https://loans.example' }, limits, now));
  expect(saved.ok).toBe(true);
  await writeSettings(db, { smtpHost: 'smtp.example.com', smtpPassword: 'relay password' }, 'admin', now);
}

/** Every value sealed in the database, with the context it was sealed for (leads' fields apart: leadIncomes). */
async function sealedValues(db: DB): Promise<{ where: string; value: string; context: string }[]> {
  const values: { where: string; value: string; context: string }[] = [];
  const vapid = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.vapidKeys).executeTakeFirstOrThrow();
  values.push({ where: 'vapid', value: (JSON.parse(vapid.value) as { privateKey: string }).privateKey, context: SEAL_CONTEXT });
  for (const row of await db
    .selectFrom('admin_users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute())
    values.push({ where: `totp ${row.id}`, value: row.totp_secret!, context: totpContext(row.id) });
  for (const row of await db
    .selectFrom('auth_challenges')
    .select(['user_id', 'data'])
    .where('purpose', '=', 'totp-setup')
    .execute())
    values.push({
      where: 'set-up',
      value: (JSON.parse(row.data) as { secret: string }).secret,
      context: setUpContext(row.user_id!),
    });
  for (const row of await db.selectFrom('webhook_endpoints').select(['id', 'secret']).execute())
    values.push({ where: `webhook ${row.id}`, value: row.secret, context: webhookContext(row.id) });
  for (const row of await db.selectFrom('documents').select(['id', 'name', 'wrapped_key']).execute()) {
    values.push({ where: `document name ${row.id}`, value: row.name, context: nameContext(row.id) });
    values.push({ where: `document key ${row.id}`, value: row.wrapped_key, context: keyContext(row.id) });
  }
  for (const row of await db.selectFrom('application_drafts').select(['id', 'field_values']).execute())
    values.push({ where: `draft ${row.id}`, value: row.field_values, context: valuesContext(row.id) });
  for (const row of await db.selectFrom('site_settings').select(['key', 'sealed']).where('sealed', 'is not', null).execute())
    values.push({ where: `setting ${row.key}`, value: row.sealed!, context: settingContext(row.key) });
  for (const row of await db.selectFrom('notifications').select(['id', 'payload', 'sealed_secret']).execute()) {
    if (isSealedPayload(row.payload))
      values.push({ where: `payload ${row.id}`, value: row.payload, context: payloadContext(row.id) });
    if (row.sealed_secret) values.push({ where: `secret ${row.id}`, value: row.sealed_secret, context: sealContext(row.id) });
  }
  return values;
}

/** The leads' monthly income as openLeadFields reads it with `key` (its failure logged, not thrown). */
async function leadIncomes(db: DB, key: Buffer): Promise<(string | undefined)[]> {
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  const rows = await db.selectFrom('leads').select(['id', 'fields']).execute();
  return rows.map((row) => openLeadFields(row.id, row.fields, key).monthlyIncome);
}

/** Every `v1.<iv>.<ciphertext>.<tag>` anywhere in the database, whatever the table or the JSON around it. */
async function sealedTokens(db: DB): Promise<Set<string>> {
  const tokens = new Set<string>();
  await scanDatabase(db, (text) => {
    for (const [token] of text.matchAll(/\bv1\.[\w-]{16}\.[\w-]*\.[\w-]{22}(?![\w-])/g)) tokens.add(token);
    return false;
  });
  return tokens;
}

describe.each(emptyEngines)('rotating SECRET_KEY on %s', (_name, openDb) => {
  async function database(): Promise<DB> {
    const handle = await openDb();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    await readCredentials(handle.db, undefined);
    return handle.db;
  }

  it('re-seals every kind under the new key, none left under the old, and a second run changes nothing', async () => {
    const db = await database();
    await sealEveryKind(db);
    const before = await sealedTokens(db);

    const report = await rotateSecretKey(db, OLD, NEW);
    for (const { kind } of SEALED_VALUES)
      expect(report.counts[kind], kind).toEqual({ resealed: expect.any(Number), alreadyNew: 0 });
    for (const { kind } of SEALED_VALUES) expect(report.counts[kind].resealed, `${kind} seeded`).toBeGreaterThan(0);
    expect(report.recoveryCodes).toEqual({
      accounts: [{ id: 'admin', name: expect.any(String), email: null }],
      alreadyRetired: false,
    });
    expect(await db.selectFrom('recovery_codes').select('id').execute()).toEqual([]);

    const values = await sealedValues(db);
    expect(values.length).toBeGreaterThanOrEqual(10);
    for (const { where, value, context } of values) {
      expect(open(value, context, NEW), where).not.toBeNull();
      expect(open(value, context, OLD), where).toBeNull();
    }
    expect(await leadIncomes(db, NEW)).toEqual([INCOME]);
    expect(await leadIncomes(db, OLD)).toEqual([undefined]);
    // Every sealed value in any table was sealed again: none of the old ones is left anywhere.
    const after = await sealedTokens(db);
    expect(after.size).toBe(before.size);
    expect([...after].filter((token) => before.has(token))).toEqual([]);

    const again = await rotateSecretKey(db, OLD, NEW);
    for (const { kind } of SEALED_VALUES)
      expect(again.counts[kind]).toEqual({ resealed: 0, alreadyNew: report.counts[kind].resealed });
    expect(again.recoveryCodes).toEqual({ accounts: [], alreadyRetired: true });
    expect(await sealedTokens(db)).toEqual(after);

    // Codes made since, under the new key, outlive a further run for the same key.
    await replaceRecoveryCodes(db, 'admin');
    await rotateSecretKey(db, OLD, NEW);
    expect(await db.selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);
  });

  it('stops at a value that opens with neither key, naming its row, and finishes once the row is dealt with', async () => {
    const db = await database();
    await sealEveryKind(db);
    const endpoint = await db.selectFrom('webhook_endpoints').select(['id', 'secret']).executeTakeFirstOrThrow();
    const damaged = `${endpoint.secret.slice(0, -2)}${endpoint.secret.endsWith('AA') ? 'BB' : 'AA'}`;
    await db.updateTable('webhook_endpoints').set({ secret: damaged }).where('id', '=', endpoint.id).execute();

    const stopped: unknown = await rotateSecretKey(db, OLD, NEW).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(RotationStopped);
    expect((stopped as RotationStopped).message).toBe(
      `Re-sealing the webhook signing secrets stopped: webhook_endpoints row ${endpoint.id} (secret) opens with neither the old key nor the new one.`,
    );
    // What came before it is done, whole; nothing after it was touched, nor the recovery codes.
    const one = { resealed: 1, alreadyNew: 0 };
    const none = { resealed: 0, alreadyNew: 0 };
    expect((stopped as RotationStopped).counts).toEqual({
      vapidKey: one,
      totpSecrets: one,
      totpSetUps: one,
      webhookSecrets: none,
    });
    expect((stopped as RotationStopped).uncounted).toBe(false);
    expect(await leadIncomes(db, OLD)).toEqual([INCOME]);
    expect(await db.selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);

    // The owner deletes the endpoint (and would add it again): the next run carries on.
    await db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
    const finished = await rotateSecretKey(db, OLD, NEW);
    expect(finished.counts.vapidKey).toEqual({ resealed: 0, alreadyNew: 1 });
    expect(finished.counts.webhookSecrets).toEqual({ resealed: 0, alreadyNew: 0 });
    expect(finished.counts.leadFields).toEqual(one);
    expect(await leadIncomes(db, NEW)).toEqual([INCOME]);
  });

  it('refuses the same key twice, and a database behind this release, changing nothing', async () => {
    const handle = await openDb();
    cleanups.push(handle.cleanup);
    await expect(rotateSecretKey(handle.db, OLD, Buffer.from(OLD))).rejects.toThrow(RotationError);
    await expect(rotateSecretKey(handle.db, OLD, NEW)).rejects.toThrow(
      /^The database is behind this release \(\d+ migrations to apply/,
    );
  });
});
