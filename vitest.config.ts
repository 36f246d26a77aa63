import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // Tests exercise server modules directly; the guard only matters inside Next's bundles.
      'server-only': fileURLToPath(new URL('./tests/support/empty-module.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['lib/**/*.test.ts', 'server/**/*.test.ts', 'components/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    setupFiles: ['./tests/support/fail-on-console-error.ts'],
    // Passwords hashed at scrypt N=2^12, as on the browser tests' servers (tests/support/production-server.ts):
    // OWASP's 2^17 costs 0.8 s of a core per hash. lib/auth/auth.test.ts checks the default itself.
    env: { PASSWORD_SCRYPT_LOG2N: '12' },
    // A test file in a happy-dom environment (`// @vitest-environment happy-dom`: the boot script's,
    // lib/site/boot/) fetches nothing: a script the code under test adds just counts as loaded.
    environmentOptions: {
      happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
    },
    // A certificate for the local https receivers, trusted by the forked test processes.
    globalSetup: ['./tests/support/test-tls.ts'],
    testTimeout: 30_000,
    // Both cores: Vitest's default leaves one free (availableParallelism - 1, so one worker on a
    // 2-core machine). Test files share nothing (each its own SQLite file or PostgreSQL database).
    maxWorkers: 2,
  },
});
