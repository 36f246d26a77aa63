import 'server-only';
import { Migrator } from 'kysely';
import { ResealError, type ResealCount } from '../auth/reseal.server';
import { resealTotpSecrets, resealTotpSetUps } from '../auth/two-factor/reseal.server';
import { retireRecoveryCodes, type RetiredRecoveryCodes } from '../auth/two-factor/retire-recovery-codes.server';
import type { DB } from '../db/connect.server';
import { migrations } from '../db/migrations';
import { rewrapDocumentKeys } from '../documents/rewrap.server';
import { resealDraftValues } from '../drafts/reseal.server';
import { resealLeadFields } from '../leads/reseal-fields.server';
import { resealNotifications } from '../notifications/reseal.server';
import { resealVapidKey } from '../push/reseal.server';
import { resealSiteSettings } from '../settings/reseal.server';
import { resealWebhookSecrets } from '../webhooks/reseal.server';
import { withStartupLock } from './prepare.server';

/**
 * Changing SECRET_KEY (`npm run secret-key:rotate`, server/rotate-key.ts): every value sealed with
 * the old key is sealed again under the new one, by the module that seals it. It sits in lib/setup
 * because it stands on every domain that seals, as the start-up's preparation does.
 *
 * Each re-sealer leaves a value already under the new key alone and stops at one that opens with
 * neither, naming its table and row; every row it changed is whole, so a run that stopped (or was
 * killed) is finished by running it again, and until then the site must not start. The recovery
 * codes, which no key change can carry over, are retired last, once everything else is done.
 */

/** Every kind of sealed value, each with the files whose seal() calls it covers (checked by its test). */
export const SEALED_VALUES = [
  { kind: 'vapidKey', label: 'web push private key', sealedIn: ['lib/push/vapid-keys.server.ts'], reseal: resealVapidKey },
  {
    kind: 'totpSecrets',
    label: 'two-factor app secrets',
    sealedIn: ['lib/auth/two-factor/totp-store.server.ts'],
    reseal: resealTotpSecrets,
  },
  {
    kind: 'totpSetUps',
    label: 'two-factor set-ups in progress',
    sealedIn: ['lib/auth/two-factor/totp-store.server.ts'],
    reseal: resealTotpSetUps,
  },
  {
    kind: 'webhookSecrets',
    label: 'webhook signing secrets',
    sealedIn: ['lib/webhooks/endpoints.server.ts'],
    reseal: resealWebhookSecrets,
  },
  {
    kind: 'documents',
    label: "documents' keys and names",
    sealedIn: ['lib/documents/cipher.server.ts', 'lib/documents/rewrap.server.ts'],
    reseal: resealDocuments,
  },
  {
    kind: 'leadFields',
    label: "leads' sealed fields",
    sealedIn: ['lib/leads/sealed-fields.server.ts'],
    reseal: resealLeadFields,
  },
  {
    kind: 'draftValues',
    label: "saved applications' answers",
    sealedIn: ['lib/drafts/drafts.server.ts'],
    reseal: resealDraftValues,
  },
  {
    kind: 'notifications',
    label: 'outbox messages (sealed payloads and link tokens)',
    sealedIn: ['lib/notifications/outbox.server.ts', 'lib/notifications/sealed-payload.server.ts'],
    reseal: resealNotifications,
  },
  {
    kind: 'siteSettings',
    label: "settings' secrets (SMTP password, EmailJS private key, Twilio auth token)",
    sealedIn: ['lib/settings/store.server.ts'],
    reseal: resealSiteSettings,
  },
] as const satisfies readonly {
  kind: string;
  label: string;
  sealedIn: readonly string[];
  reseal: (db: DB, oldKey: Buffer, newKey: Buffer) => Promise<ResealCount>;
}[];

/**
 * Values keyed with SECRET_KEY (keyedHash) that cannot be carried over, since only their hash is
 * stored, and what becomes of them.
 */
export const KEYED_HASHES = [
  {
    file: 'lib/auth/two-factor/recovery-codes.server.ts',
    outcome: 'retired: deleted, and the accounts that had unused ones named (retireRecoveryCodes)',
  },
  {
    file: 'lib/auth/device-cookie.server.ts',
    outcome: 'stop matching: each browser is judged as a new one until its next sign-in issues a new cookie',
  },
  {
    file: 'lib/consent/unsubscribe-token.server.ts',
    outcome:
      'stop opening: the unsubscribe links of e-mails sent before say how else to opt out; every later e-mail carries a new one',
  },
] as const;

export type SealedKind = (typeof SEALED_VALUES)[number]['kind'];

export interface RotationReport {
  counts: Record<SealedKind, ResealCount>;
  recoveryCodes: RetiredRecoveryCodes;
}

/** A rotation refused before it changed anything (keys, schema). */
export class RotationError extends Error {
  override name = 'RotationError';
}

/**
 * A rotation that stopped part-way. `counts` holds what was done, the kind that stopped included
 * (re-sealed rows stay re-sealed); `uncounted` is true when that kind could not tell (the
 * documents' rewrap), so rows may have changed that no count shows.
 */
export class RotationStopped extends Error {
  override name = 'RotationStopped';
  constructor(
    message: string,
    readonly counts: Partial<Record<SealedKind, ResealCount>>,
    readonly uncounted: boolean,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Re-seals everything under `newKey`. The site must be stopped: an instance still running with the
 * old key would seal new values with it and could not open those already re-sealed (a row that
 * changes under the run stops it). On PostgreSQL it holds the start-up lock, so an instance
 * started meanwhile waits for it before touching the database.
 */
export async function rotateSecretKey(db: DB, oldKey: Buffer, newKey: Buffer): Promise<RotationReport> {
  if (oldKey.length !== 32 || newKey.length !== 32) throw new RotationError('Both keys must be 32 bytes.');
  if (oldKey.equals(newKey)) throw new RotationError('The old and the new key are the same: there is nothing to rotate.');
  return withStartupLock(db, async (locked) => {
    await requireCurrentSchema(locked);
    const counts: Partial<Record<SealedKind, ResealCount>> = {};
    for (const { kind, label, reseal } of SEALED_VALUES) {
      try {
        counts[kind] = await reseal(locked, oldKey, newKey);
      } catch (error) {
        if (error instanceof ResealError) counts[kind] = error.done;
        const reason = error instanceof Error ? error.message : String(error);
        throw new RotationStopped(`Re-sealing the ${label} stopped: ${reason}`, counts, !(error instanceof ResealError), {
          cause: error,
        });
      }
    }
    const recoveryCodes = await retireRecoveryCodes(locked, newKey);
    return { counts: counts as Record<SealedKind, ResealCount>, recoveryCodes };
  });
}

async function resealDocuments(db: DB, oldKey: Buffer, newKey: Buffer): Promise<ResealCount> {
  const { rewrapped, alreadyNew } = await rewrapDocumentKeys(db, oldKey, newKey);
  return { resealed: rewrapped, alreadyNew };
}

/**
 * The re-sealers know this release's tables and formats; a database behind it may lack a table
 * they read, or hold values in an older form. It is migrated first, as the site's start would.
 */
async function requireCurrentSchema(db: DB): Promise<void> {
  const known = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).getMigrations();
  const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length > 0)
    throw new RotationError(
      `The database is behind this release (${pending.length} migration${pending.length === 1 ? '' : 's'} to apply, ` +
        `from ${pending[0]}): migrate it first under the key it is sealed with now (\`npm run db:migrate\` with the old SECRET_KEY), then rotate.`,
    );
}
