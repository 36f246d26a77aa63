import nextEnv from '@next/env';
import { resolveSecretKey, SecretKeyError } from '../lib/auth/secret-key.server';
import { EnvError, parseEnv, type Env } from '../lib/env-schema';

/**
 * The configuration, read once at start-up: the .env files Next reads, then the environment,
 * validated (lib/env-schema.ts). A bad value stops the process with a message naming the variable,
 * before anything else runs.
 */
export function readConfig(root: string): Env {
  nextEnv.loadEnvConfig(root, false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) });
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) failStart(error.message);
    throw error;
  }
}

/**
 * The server's start checks SECRET_KEY now, not at the first sign-in: a PostgreSQL instance
 * without the key every instance shares must not start, and an SQLite site gets its generated key
 * file (data/secret.key) at first start.
 */
export function checkSecretKey(env: Env): void {
  try {
    resolveSecretKey(env);
  } catch (error) {
    if (error instanceof SecretKeyError) failStart(`Invalid environment configuration:\n  - ${error.message}`);
    throw error;
  }
}

/** Stops the process before it serves anything, with a message for the operator. */
export function failStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
