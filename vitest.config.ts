import { statfsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test databases, backups and scratch files in memory (tmpfs) when the machine has room there:
 * SQLite commits with synchronous = FULL, and on a disk each commit's fsync made a migration of a
 * fresh database take 0.6 s instead of 0.15. Nothing a test checks depends on a disk: a killed
 * process's writes survive in the page cache either way; only a power cut would tell them apart.
 */
const MEMORY_TMPDIR = '/dev/shm';
function memoryTmpdir(): { TMPDIR?: string } {
  try {
    const { bavail, bsize } = statfsSync(MEMORY_TMPDIR);
    // The 100,000-lead scale test's file and both workers' others: a few hundred MB at most.
    return bavail * bsize >= 2 * 1024 ** 3 ? { TMPDIR: MEMORY_TMPDIR } : {};
  } catch {
    return {};
  }
}

/** The test files with local https receivers (tests/support/test-tls.ts). */
const TLS_TEST_FILES = [
  'tests/integration/lead-alerts.test.ts',
  'tests/integration/outbound-request.test.ts',
  'tests/integration/push-alerts.test.ts',
];

/**
 * The test files that need modules of their own: they replace modules (vi.mock), change
 * process.env, or (device-cookie) read a setting another file's modules have already cached. Every
 * other file shares its worker's modules with the files run before it (isolate: false): importing
 * the app's modules afresh for each file was a quarter of Vitest's time (import 64 s of 265 s).
 * A file added here costs about half a second; a file that leaks into others belongs here.
 */
const ISOLATED_FILES = [
  'components/admin/rate-row.test.tsx',
  'lib/admin/action.test.ts',
  'lib/auth/device-cookie.test.ts',
  'lib/auth/secret-box.test.ts',
  'lib/auth/two-factor/two-factor-store.test.ts',
  'lib/leads/actions/admin.test.ts',
  'lib/licenses/actions/licenses.test.ts',
  'lib/loan-files/actions/files.test.ts',
  'lib/loan-files/actions/templates.test.ts',
  'lib/push/actions/subscriptions.test.ts',
  'lib/webhooks/actions/endpoints.test.ts',
  'tests/integration/ad-copy-checker.test.ts',
  'tests/integration/application-drafts.test.ts',
  'tests/integration/sealed-lead-fields.test.ts',
  'tests/integration/site-settings.test.ts',
  'tests/integration/backup-restore.test.ts',
  'tests/integration/build-database.test.ts',
  'tests/integration/cache-sync.test.ts',
  'tests/integration/consent.test.ts',
  'tests/integration/calculator-leads.test.ts',
  'tests/integration/documents-cluster.test.ts',
  'tests/integration/documents-s3.test.ts',
  'tests/integration/documents.test.ts',
  // Both register the domains' hooks (lib/setup/hooks.server.ts), the outbox's consent check among
  // them, which would reach the files run after them in a shared worker.
  'tests/integration/database-startup.test.ts',
  'tests/integration/loan-files-open-on-application.test.ts',
  'tests/integration/health.test.ts',
  'tests/integration/lead-alerts-limits.test.ts',
  'tests/integration/lead-attribution.test.ts',
  'tests/integration/leads-pipeline.test.ts',
  'tests/integration/loan-file-documents-route.test.ts',
  'tests/integration/loan-file-documents-zip-route.test.ts',
  'tests/integration/portal-upload.test.ts',
  'tests/integration/portal-passkeys.test.ts',
  'tests/integration/loan-files.test.ts',
  'tests/integration/loan-files-retention.test.ts',
  'tests/integration/loan-file-reminders.test.ts',
  'tests/integration/notifications-lanes.test.ts',
  'tests/integration/officer-profiles.test.ts',
  'tests/integration/outbox-tokens.test.ts',
  'tests/integration/second-factor-sign-in.test.ts',
  'tests/integration/secret-key-rotation.test.ts',
  'tests/integration/secret-key-rotate-command.test.ts',
  'tests/integration/sealed-notifications.test.ts',
  'tests/integration/setup-checklist.test.ts',
  'tests/integration/team-invites.test.ts',
];

const ALL_TEST_FILES = ['lib/**/*.test.ts', 'server/**/*.test.ts', 'components/**/*.test.tsx', 'tests/integration/**/*.test.ts'];

const resolve = {
  alias: {
    '@': fileURLToPath(new URL('.', import.meta.url)),
    // Tests exercise server modules directly; the guard only matters inside Next's bundles.
    'server-only': fileURLToPath(new URL('./tests/support/empty-module.ts', import.meta.url)),
  },
};

const test = {
  environment: 'node',
  setupFiles: ['./tests/support/fail-on-console-error.ts'],
  // Passwords hashed at scrypt N=2^12, as on the browser tests' servers (tests/support/production-server.ts):
  // OWASP's 2^17 costs 0.8 s of a core per hash. lib/auth/auth.test.ts checks the default itself.
  env: { PASSWORD_SCRYPT_LOG2N: '12', ...memoryTmpdir() },
  // A test file in a happy-dom environment (`// @vitest-environment happy-dom`: the boot script's,
  // lib/site/boot/) fetches nothing: a script the code under test adds just counts as loaded.
  environmentOptions: {
    happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
  },
  testTimeout: 30_000,
  // The migrated PostgreSQL database the tests' databases are copies of.
  globalSetup: ['./tests/support/postgres-template.ts'],
};

export default defineConfig({
  test: {
    // Both cores: Vitest's default leaves one free (availableParallelism - 1, so one worker on a
    // 2-core machine). Test files share nothing (each its own SQLite file or PostgreSQL database).
    maxWorkers: 2,
    // Worker threads: a forked process per file cost about 0.45 s of a core to start, 54 s over
    // the run. The files with https receivers run forked: Node trusts NODE_EXTRA_CA_CERTS only in
    // a process started after it was set.
    projects: [
      {
        resolve,
        test: {
          ...test,
          name: 'shared',
          pool: 'threads',
          isolate: false,
          include: ALL_TEST_FILES,
          exclude: [...configDefaults.exclude, ...TLS_TEST_FILES, ...ISOLATED_FILES],
        },
      },
      {
        resolve,
        test: { ...test, name: 'isolated', pool: 'threads', include: ISOLATED_FILES },
      },
      {
        resolve,
        test: {
          ...test,
          name: 'forks',
          pool: 'forks',
          include: TLS_TEST_FILES,
          // A certificate for the local https receivers, trusted by the forked test processes.
          globalSetup: ['./tests/support/postgres-template.ts', './tests/support/test-tls.ts'],
        },
      },
    ],
  },
});
