/**
 * `npm run secret-key:rotate`: re-seals every value sealed with the old SECRET_KEY under the new
 * one (lib/setup/rotate-secret-key.server.ts), with the site stopped. The keys: SECRET_KEY (new)
 * and SECRET_KEY_PREVIOUS (old), or on SQLite without them the generated key file, replaced here
 * once all is done (lib/setup/rotation-keys.server.ts). docs/operations.md, "Rotating SECRET_KEY".
 */
import { fileURLToPath } from 'node:url';
import { databaseTarget } from '../lib/env-schema';
import type { RotationReport } from '../lib/setup/rotate-secret-key.server';
import type { RotationKeys } from '../lib/setup/rotation-keys.server';
import { failStart, readConfig } from './config';

if (process.argv.length > 2) failStart('Usage: npm run secret-key:rotate, with the site stopped (docs/operations.md).');

const env = readConfig(fileURLToPath(new URL('..', import.meta.url)));
// Imported only now: the app's modules read the environment (lib/env.server.ts) when loaded.
const { connect } = await import('../lib/db/connect.server');
const { rotateSecretKey, RotationError, RotationStopped, SEALED_VALUES } = await import('../lib/setup/rotate-secret-key.server');
const { discardNewKeyFile, installNewKeyFile, rotationKeys } = await import('../lib/setup/rotation-keys.server');

let keys: RotationKeys;
try {
  keys = rotationKeys(env);
} catch (error) {
  if (error instanceof RotationError) failStart(`${error.message}\nNothing was changed.`);
  throw error;
}

const db = connect(databaseTarget(env.DATABASE_URL));
let report: RotationReport;
try {
  report = await rotateSecretKey(db, keys.oldKey, keys.newKey);
} catch (error) {
  await db.destroy();
  failStart(stoppedMessage(error, keys));
}
await db.destroy();

const lines = ['Re-sealed under the new key (already under it):', ...countLines(report.counts)];
const { accounts, alreadyRetired } = report.recoveryCodes;
if (alreadyRetired) lines.push('Recovery codes: retired for this key by an earlier run.');
else if (accounts.length === 0) lines.push('Recovery codes: none were in use.');
else
  lines.push(
    `Recovery codes retired (a new key cannot check them). ${accounts.length} account(s) must make new ones in`,
    'Account, Two-factor authentication (they still sign in with their app or a passkey):',
    ...accounts.map((account) => `  ${account.email ?? account.name}`),
  );
lines.push('Device cookies stop matching: each browser is judged as a new one until its next sign-in.');
const total = Object.values(report.counts).reduce((sum, count) => sum + count.resealed, 0);
const already = Object.values(report.counts).reduce((sum, count) => sum + count.alreadyNew, 0);
if (total === 0 && already > 0)
  lines.push('Note: nothing opened with the old key. Rotated before, or were the two keys given the other way round?');
if (keys.keyFile) {
  const retired = installNewKeyFile(keys.keyFile);
  lines.push(
    `${keys.keyFile.path} now holds the new key. The old one is kept as ${retired}:`,
    'move it to where the backups taken before today are kept, away from the database. Start the site.',
  );
} else
  lines.push(
    'Start the site with the new SECRET_KEY (every instance), remove SECRET_KEY_PREVIOUS, and keep the old',
    'key with the backups taken before today: they open only with it.',
  );
process.stdout.write(`${lines.join('\n')}\n`);

function countLines(counts: Partial<RotationReport['counts']>): string[] {
  return SEALED_VALUES.flatMap(({ kind, label }) => {
    const count = counts[kind];
    return count ? [`  ${label.padEnd(52)} ${String(count.resealed).padStart(7)} (${count.alreadyNew})`] : [];
  });
}

/** What the operator is told when the run did not finish, and what is left as it was. */
function stoppedMessage(error: unknown, keys: RotationKeys): string {
  const touched =
    error instanceof RotationStopped &&
    (error.uncounted || Object.values(error.counts).some((c) => c.resealed + c.alreadyNew > 0));
  if (error instanceof RotationError || (error instanceof RotationStopped && !touched)) {
    if (keys.keyFile) discardNewKeyFile(keys.keyFile);
    const hint =
      error instanceof RotationStopped
        ? `\nIs ${keys.keyFile ? keys.keyFile.path : 'SECRET_KEY_PREVIOUS'} the key the site runs with now?`
        : '';
    return `${error.message}\nNothing was changed.${hint}`;
  }
  return [
    error instanceof RotationStopped ? error.message : String(error instanceof Error ? error.stack : error),
    ...(error instanceof RotationStopped ? ['Done before it:', ...countLines(error.counts)] : []),
    'What was re-sealed so far opens only with the new key: do not start the site yet. Repair or delete',
    'the row named (or restore the backup taken before), then run the command again: it carries on.',
    ...(keys.keyFile ? [`The new key waits in ${keys.keyFile.pendingPath}: keep it.`] : []),
  ].join('\n');
}
